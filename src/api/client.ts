import axios from 'axios';
import type { AxiosError, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import { RETRY_COUNT, isRetryMethod, isRetryStatus, retryDelayMs } from '../domain/retry-policy';
import { snakeCase, toSnakeCaseKeys } from './case';
import { ApiError, normaliseError } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Handle 401/403/404 at the call site: no login redirect, no fatal error page. */
    silent?: boolean;
  }
}

interface FatalHttpError {
  statusCode: number;
  message: string;
}

export interface HttpClientHandlers {
  onUnauthorized: (nextPath: string) => void;
  onFatalError: (error: FatalHttpError) => void;
}

const defaultHandlers: HttpClientHandlers = {
  onUnauthorized: (nextPath) => window.location.assign(`/login?next=${encodeURIComponent(nextPath)}`),
  onFatalError: () => {},
};

let handlers: HttpClientHandlers = defaultHandlers;

/** The app wires routing and the error page in here; until then 401 does a full-page login redirect. */
export function configureHttpClient(next: HttpClientHandlers): void {
  handlers = next;
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

export const http = axios.create({
  baseURL: import.meta.env.VITE_API_BASE_URL ?? '',
  withCredentials: true,
  // axios would otherwise add its own XSRF header on every same-origin request, reads included.
  withXSRFToken: false,
});

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return null;
}

/** This browser's CSRF token (the readable cookie), for a form the SPA posts itself (sign-out). */
export function csrfToken(): string {
  return readCookie(CSRF_COOKIE) ?? '';
}

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

function snakeCaseParams(params: unknown): unknown {
  if (params === null || typeof params !== 'object' || params instanceof URLSearchParams) return params;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) result[snakeCase(key)] = value;
  return result;
}

function prepareRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const method = (config.method ?? 'get').toUpperCase();
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) config.headers.set(CSRF_HEADER, token);
  }
  if (config.data !== undefined && !(config.data instanceof FormData)) config.data = toSnakeCaseKeys(config.data);
  if (config.params !== undefined) config.params = snakeCaseParams(config.params);
  return config;
}

function reportFailure(status: number | undefined, message: string): void {
  if (status === 401) handlers.onUnauthorized(currentPath());
  else if (status === 403 || status === 404) handlers.onFatalError({ statusCode: status, message });
}

function retryAfterOf(error: AxiosError): string | undefined {
  const value: unknown = error.response?.headers['retry-after'];
  return typeof value === 'string' ? value : undefined;
}

/** A network failure is not retried: the SPA shows it at once with the screen's own "Try again". */
function isRetryableFailure(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status === undefined || !isRetryMethod(error.config?.method) || !isRetryStatus(status)) return false;
  return retryDelayMs(status, retryAfterOf(error)) !== null;
}

async function handleFailure(error: unknown): Promise<AxiosResponse> {
  // The failure of a retried request passed through here already (the retry runs the whole chain): pass it on.
  if (error instanceof ApiError) throw error;
  const config = axios.isAxiosError(error) ? error.config : undefined;
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  const apiError = normaliseError(error);
  if (!config?.silent) reportFailure(status, apiError.message);
  throw apiError;
}

// Registered before our own interceptors, so a failure reaches handleFailure only once axios-retry gave up on it.
axiosRetry(http, {
  retries: RETRY_COUNT,
  retryCondition: isRetryableFailure,
  retryDelay: (_count, error) => retryDelayMs(error.response?.status ?? null, retryAfterOf(error)) ?? 0,
});
http.interceptors.request.use(prepareRequest);
http.interceptors.response.use(undefined, handleFailure);
