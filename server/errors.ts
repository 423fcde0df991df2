import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { safeParse, type $ZodError, type $ZodType } from 'zod/v4/core';
import { isDatabaseUnavailable } from './db/database.js';
import { storableTextSchema } from '../src/contract/common.js';

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

/** What a route answers for a body its schema refuses: a fixed text, or one built from the issues and the body. */
type InvalidBodyDetail = string | ((error: $ZodError, body: unknown) => string);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `detail` of the 400 for a refused body (default 'Invalid input.'); `errors` always names each field. */
    invalidBody?: InvalidBodyDetail;
  }
}

/** Zod issues keyed by snake_case field path, as API.md's error shape asks. */
export function zodFieldErrors(error: $ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** `Invalid form: jsonForm.0.children: …`: the first issue, with its path, for bodies whose fields nest deeply. */
export const describeFirstIssue =
  (prefix: string) =>
  (error: $ZodError): string => {
    const first = error.issues[0];
    return `${prefix}: ${first.path.join('.')}: ${first.message}`;
  };

/**
 * Fastify's request validation failed: set on the error by Fastify itself (`validationContext` is body, querystring
 * or params). Carries the ZodError, so the handler keys `errors` by the exact path, dots and all.
 */
class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly zodError: $ZodError) {
    super('request validation failed');
  }
}

/**
 * The contract's schemas validate params, querystring and body before a handler runs (handlers read typed input).
 * The same as fastify-type-provider-zod's compiler, but failing with the ZodError itself rather than JSON-schema-style
 * issues whose paths are joined with `/` (input ids may contain any character).
 */
const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data ?? {});
    if (!result.success) return { error: new RequestValidationError(result.error) };
    // Every string the route will use, whatever its schema, before any of it reaches PostgreSQL.
    const storable = safeParse(storableTextSchema, result.data);
    return storable.success ? { value: result.data } : { error: new RequestValidationError(storable.error) };
  };

/** A client mistake is not a fault: one line naming the fields (never their values, which may be client data), no stack. */
function logClientMistake(request: FastifyRequest, detail: string, errors?: Record<string, string[]>): void {
  request.log.info({ statusCode: 400, detail, fields: errors ? Object.keys(errors) : undefined }, 'client mistake');
}

/** Why an /api route may not be registered as it is, or null: each declares its answers (2xx and errors). */
export function missingResponseSchema(route: Pick<RouteOptions, 'url' | 'method' | 'schema'>): string | null {
  if (!route.url.startsWith('/api/')) return null;
  const statuses = Object.keys(route.schema?.response ?? {});
  const method = String(route.method);
  if (!statuses.some((status) => status.startsWith('2'))) return `${method} ${route.url} declares no 2xx response schema`;
  if (!statuses.some((status) => status.startsWith('4') || status.startsWith('5'))) return `${method} ${route.url} declares no error response schema`;
  return null;
}

export function registerContract(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every JSON answer goes out through its contract schema: an /api route without one does not start.
  app.addHook('onRoute', (route) => {
    const problem = missingResponseSchema(route);
    if (problem) throw new Error(`${problem}: add it from src/contract`);
  });
}

/**
 * SQLSTATE class 22, "data exception" (a value out of range, bad text for a type, an invalid byte sequence): a value a
 * client sent that the contract let through. A client mistake, answered 400, not a server fault.
 */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof (error as { severity?: unknown }).severity === 'string';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 400) logClientMistake(request, error.detail, error.errors);
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({ detail: error.detail, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error instanceof RequestValidationError) {
      // A path id that cannot exist (not a UUID, …) names no resource: 404, as before any lookup.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: 'Not found.' });
      const invalidBody = request.routeOptions.config.invalidBody ?? 'Invalid input.';
      const detail =
        error.validationContext === 'querystring'
          ? 'Invalid query parameters.'
          : typeof invalidBody === 'string'
            ? invalidBody
            : invalidBody(error.zodError, request.body);
      const errors = zodFieldErrors(error.zodError);
      logClientMistake(request, detail, errors);
      return reply.status(400).send({ detail, errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)
          ? 'Malformed JSON in request body.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty.'
              : error.message;
      if (status === 400) logClientMistake(request, detail);
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
    if (isDataException(error)) {
      logClientMistake(request, `database refused a value: ${error.message}`);
      return reply.status(400).send({ detail: 'Invalid input.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error' });
  });
}
