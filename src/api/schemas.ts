import { z } from 'zod';
import { ApiError, DEFAULT_ERROR_MESSAGE } from './errors';

export const accountSchema = z.object({
  id: z.number().int(),
  internalName: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  isStaff: z.boolean(),
  isSuperuser: z.boolean(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  account: accountSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A response of an unexpected shape is a failed call too: callers only ever catch ApiError. */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, data: unknown): z.infer<Schema> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(DEFAULT_ERROR_MESSAGE, { cause: result.error });
  return result.data;
}
