import type { z } from 'zod';

/** A mistake in a command's arguments: printed with the usage, exit code 1. */
export class UsageError extends Error {}

/** Parses a command's options; a problem names the option (`--first-name`, not `first_name`). */
export function parse<T>(schema: z.ZodType<T>, values: unknown): T {
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((issue) => `--${issue.path.join('.').replace(/_/g, '-')} ${issue.message}`).join('\n'));
  }
  return result.data;
}
