import { http } from './client';
import type { User } from './schemas';
import { parseResponse, userSchema } from './schemas';

/** `silent` lets the error page and route loaders ask who is signed in without being sent to /login. */
export async function fetchMe(options: { silent?: boolean } = {}): Promise<User> {
  const { data } = await http.get<unknown>('/api/me/', { silent: options.silent });
  return parseResponse(userSchema, data);
}

export async function logout(): Promise<void> {
  await http.post('/api/logout/');
}
