import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { isDatabaseUnavailable } from './db/database.js';

/** Seconds a client is asked to wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_DETAIL = 'The service is briefly unavailable. Please try again in a few seconds.';

/** An error a route throws on purpose; the handler turns it into `{detail, errors}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) => new HttpError(400, detail, errors);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (detail = 'Forbidden') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** Zod issues keyed by snake_case field path, as API.md's error shape asks. */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses with a schema or throws a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'Invalid input.'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(what, zodFieldErrors(result.error));
  return result.data;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({ detail: error.detail, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ detail: 'Invalid input.', errors: zodFieldErrors(error) });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, validation.
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)
          ? 'Malformed JSON in request body.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty.'
              : error.message;
      return reply.status(status).send({ detail });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: one line, no stack, and an answer clients know to retry.
      request.log.warn({ reason: error.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: DATABASE_UNAVAILABLE_DETAIL });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error' });
  });
}
