import axios from 'axios';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { snakeCase, toCamelCaseKeys, toSnakeCaseKeys } from './case';
import { normaliseError } from './errors';
import { shouldRetry } from './retry';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Handle 401/403/404 at the call site: no login redirect, no fatal error page. */
    silent?: boolean;
    /** Internal: retries already made for this request. */
    retryAttempt?: number;
  }
}

export interface FatalHttpError {
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

function convertResponse(response: AxiosResponse): AxiosResponse {
  const { responseType } = response.config;
  if (responseType !== 'arraybuffer' && responseType !== 'blob') response.data = toCamelCaseKeys(response.data);
  return response;
}

function reportFailure(status: number | undefined, message: string): void {
  if (status === 401) handlers.onUnauthorized(currentPath());
  else if (status === 403 || status === 404) handlers.onFatalError({ statusCode: status, message });
}

async function handleFailure(error: unknown): Promise<AxiosResponse> {
  const config = axios.isAxiosError(error) ? error.config : undefined;
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  if (config) {
    const attempt = config.retryAttempt ?? 0;
    if (shouldRetry(config.method, status, attempt)) {
      // The retried request runs through these interceptors itself, so its failure is reported there.
      return http.request({ ...config, retryAttempt: attempt + 1 });
    }
  }
  const apiError = normaliseError(error);
  if (!config?.silent) reportFailure(status, apiError.message);
  throw apiError;
}

http.interceptors.request.use(prepareRequest);
http.interceptors.response.use(convertResponse, handleFailure);
