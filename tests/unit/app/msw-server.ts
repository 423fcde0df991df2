import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One msw server per test file that imports this helper (SPA unit tests only, ARCHITECTURE.md). Unhandled
 * requests fail the test (msw 3 calls the option onUnhandledFrame; msw 2 called it onUnhandledRequest), so every
 * call a screen makes is visible in its test.
 */
export const server = setupServer();

export function startMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

export const apiUser = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  isStaff: false,
  isSuperuser: false,
  email: 'user@example.test',
  firstName: 'Uma',
  lastName: 'User',
  account: { id: 12, internalName: 'Acme Legal' },
  ...overrides,
});

export const meHandler = (body: Record<string, unknown>) => http.get('/api/me/', () => HttpResponse.json(body));
export const signedOutHandler = () =>
  http.get('/api/me/', () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 }));

export { HttpResponse, http };
