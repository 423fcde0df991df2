import axios from 'axios';
import type { z } from 'zod';
import { camelCase } from './case';

export const DEFAULT_ERROR_MESSAGE = 'Contact support for help.';

/** Spec §8 fixed messages that replace whatever the server said. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = { 401: 'Unauthorized', 403: 'Forbidden' };

export interface ApiErrorInit {
  status?: number | null;
  detail?: string | null;
  errors?: Record<string, string[]>;
  cause?: unknown;
}

/** The one error type the SPA sees for a failed call, whatever failed (STYLE.md habit 5). */
export class ApiError extends Error {
  status: number | null;
  detail: string | null;
  errors: Record<string, string[]>;

  constructor(message: string = DEFAULT_ERROR_MESSAGE, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status ?? null;
    this.detail = init.detail ?? null;
    this.errors = init.errors ?? {};
  }
}

/**
 * A failed call as the api cache keeps it: the fields of ApiError as a plain, serialisable object (Redux state and
 * actions hold no class instances). `unwrap()` of a query or mutation throws this.
 */
export interface ApiFailure {
  status: number | null;
  message: string;
  detail: string | null;
  errors: Record<string, string[]>;
}

export function failureOf(error: unknown): ApiFailure {
  const { status, message, detail, errors } = normaliseError(error);
  return { status, message, detail, errors };
}

/** The status of an ApiError or ApiFailure; null for anything else (or a call that got no answer). */
export function statusOf(error: unknown): number | null {
  if (error === null || typeof error !== 'object' || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** The message of a failed call (ApiError, ApiFailure or any Error). */
export function messageOf(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}

/** The server's field messages of a failed call (ApiError or ApiFailure), keyed by camelCased field. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (error instanceof ApiError) return error.errors;
  if (error === null || typeof error !== 'object' || !('errors' in error) || !isRecord(error.errors)) return {};
  return error.errors as Record<string, string[]>;
}

/**
 * 401 is on its way to /login and 403/404 already show the error page (the http client does both): a toast on
 * top would only repeat it. The one place that says which failures the client has dealt with.
 */
export function isHandledByClient(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 403 || status === 404;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Downloads (CSV export) ask for an ArrayBuffer, so their error bodies arrive as bytes rather than parsed JSON.
function decodeBody(data: unknown): unknown {
  if (data instanceof ArrayBuffer || Object.prototype.toString.call(data) === '[object ArrayBuffer]') {
    return parseJson(new TextDecoder().decode(data as ArrayBuffer));
  }
  if (ArrayBuffer.isView(data)) return parseJson(new TextDecoder().decode(data));
  if (typeof data === 'string') return parseJson(data);
  return data;
}

function readDetail(body: unknown): string | null {
  return isRecord(body) && typeof body.detail === 'string' && body.detail !== '' ? body.detail : null;
}

function readFieldErrors(body: unknown): Record<string, string[]> {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string',
    );
    if (list.length > 0) errors[camelCase(field)] = list;
  }
  return errors;
}

/** An answer of an unexpected shape is a failed call too (STYLE.md habit 4): callers only ever see ApiError. */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, data: unknown): z.infer<Schema> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(DEFAULT_ERROR_MESSAGE, { cause: result.error });
  return result.data;
}

export function normaliseError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!axios.isAxiosError(error) || !error.response) return new ApiError(DEFAULT_ERROR_MESSAGE, { cause: error });

  const { status, data } = error.response;
  const body = decodeBody(data);
  const detail = readDetail(body);
  const message = STATUS_MESSAGES[status] ?? detail ?? DEFAULT_ERROR_MESSAGE;
  return new ApiError(message, { status, detail, errors: readFieldErrors(body), cause: error });
}
