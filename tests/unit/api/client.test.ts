import { AxiosError, AxiosHeaders } from 'axios';
import { HttpResponse, http as mock } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsApi } from '../../../src/api/accounts';
import { configureHttpClient, http } from '../../../src/api/client';
import { ApiError, DEFAULT_ERROR_MESSAGE, normaliseError } from '../../../src/api/errors';
import { usersApi } from '../../../src/api/users';
import { callEndpoint } from './api-store';

const server = setupServer();
const onUnauthorized = vi.fn<(nextPath: string) => void>();
const onFatalError = vi.fn<(error: { statusCode: number; message: string }) => void>();

function setCookie(value: string) {
  document.cookie = `${value}; path=/`;
}

// msw 3 renamed v2's onUnhandledRequest to onUnhandledFrame.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  configureHttpClient({ onUnauthorized, onFatalError });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  onUnauthorized.mockReset();
  onFatalError.mockReset();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterAll(() => server.close());

describe('CSRF header', () => {
  it('sends X-CSRFToken from the csrftoken cookie on POST', async () => {
    setCookie('othercookie=1');
    setCookie('csrftoken=tok%3D123');
    let header: string | null = null;
    server.use(
      mock.post('/api/logout/', ({ request }) => {
        header = request.headers.get('x-csrftoken');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await http.post('/api/logout/');
    expect(header).toBe('tok=123');
  });

  it.each(['put', 'patch', 'delete'] as const)('sends it on %s', async (method) => {
    setCookie('csrftoken=abc');
    let header: string | null = null;
    server.use(
      mock[method]('/api/7/form-templates/1/', ({ request }) => {
        header = request.headers.get('x-csrftoken');
        return HttpResponse.json({});
      }),
    );
    await http.request({ method, url: '/api/7/form-templates/1/', data: {} });
    expect(header).toBe('abc');
  });

  it('does not send it on GET', async () => {
    setCookie('csrftoken=abc');
    let headers: Headers | null = null;
    server.use(
      mock.get('/api/me/', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({});
      }),
    );
    await http.get('/api/me/');
    expect(headers!.has('x-csrftoken')).toBe(false);
    expect(headers!.has('x-xsrf-token')).toBe(false);
  });

  it('sends no header when there is no cookie', async () => {
    let headers: Headers | null = null;
    server.use(
      mock.post('/api/logout/', ({ request }) => {
        headers = request.headers;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await http.post('/api/logout/');
    expect(headers!.has('x-csrftoken')).toBe(false);
  });
});

describe('key conversion', () => {
  it('sends snake_case bodies, keeping json keys and their contents', async () => {
    const jsonForm = [{ type: 'page', id: 'p1', children: [{ dataName: 'firstName' }] }];
    const jsonFormStyle = { button: { submitTextContent: 'Go' } };
    let body: unknown;
    server.use(
      mock.post('/api/7/form-templates/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'x' }, { status: 201 });
      }),
    );
    await http.post('/api/7/form-templates/', {
      name: 'Intake',
      displayName: 'Intake form',
      customSubmitMessage: 'Thanks',
      jsonForm,
      jsonFormStyle,
      formMappers: [{ integrationApiId: 3 }],
    });
    expect(body).toEqual({
      name: 'Intake',
      display_name: 'Intake form',
      custom_submit_message: 'Thanks',
      jsonForm,
      jsonFormStyle,
      form_mappers: [{ integration_api_id: 3 }],
    });
  });

  it('sends FormData untouched', async () => {
    let received: FormData | null = null;
    server.use(
      mock.post('/api/7/upload/', async ({ request }) => {
        received = await request.formData();
        return HttpResponse.json({});
      }),
    );
    const formData = new FormData();
    formData.append('fileName', 'a.csv');
    await http.post('/api/7/upload/', formData);
    expect([...received!.keys()]).toEqual(['fileName']);
  });

  it('sends snake_case query parameter names', async () => {
    let search = '';
    server.use(
      mock.get('/api/7/form-responses/', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    await http.get('/api/7/form-responses/', { params: { formTemplate: 'abc', isSpam: false, pageSize: 10 } });
    expect(new URLSearchParams(search).toString()).toBe('form_template=abc&is_spam=false&page_size=10');
  });

  it('returns answers as the server wrote them (camelCase), with no key conversion', async () => {
    const answer = {
      id: '1',
      displayName: 'Intake',
      deletedAt: null,
      // A user-made key that looks snake_case must survive: answers are never converted.
      data: { client_name: 'Ada' },
      jsonConditionalLogic: { condition_map: {}, page_map: {} },
    };
    server.use(mock.get('/api/7/form-templates/1/', () => HttpResponse.json(answer)));
    const { data } = await http.get('/api/7/form-templates/1/');
    expect(data).toEqual(answer);
  });

  it('sends the keys inside `data` (answers keyed by input id) as written', async () => {
    let body: unknown;
    server.use(
      mock.post('/api/7/form-prefills/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await http.post('/api/7/form-prefills/', { formTemplate: 'f1', name: 'Spring', data: { firstName: 'Ada', client_name: 'B' } });
    expect(body).toEqual({ form_template: 'f1', name: 'Spring', data: { firstName: 'Ada', client_name: 'B' } });
  });

  it('leaves array-buffer downloads alone', async () => {
    server.use(
      mock.get('/api/7/form-templates/1/export-responses/', () => new HttpResponse('first_name\nAda\n', {
        headers: { 'content-type': 'text/csv' },
      })),
    );
    const { data } = await http.get<ArrayBuffer>('/api/7/form-templates/1/export-responses/', {
      responseType: 'arraybuffer',
    });
    expect(new TextDecoder().decode(data)).toBe('first_name\nAda\n');
  });
});

describe('retries', () => {
  it('retries a GET once on 503, then succeeds', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/me/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'Busy' }, { status: 503 }) : HttpResponse.json({ firstName: 'Ada' });
      }),
    );
    const { data } = await http.get('/api/me/');
    expect(calls).toBe(2);
    expect(data).toEqual({ firstName: 'Ada' });
  });

  it('retries a GET only once', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/me/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Busy' }, { status: 503 });
      }),
    );
    await expect(http.get('/api/me/')).rejects.toMatchObject({ status: 503, message: 'Busy' });
    expect(calls).toBe(2);
  });

  it('never retries a POST', async () => {
    let calls = 0;
    server.use(
      mock.post('/api/7/form-templates/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Busy' }, { status: 503 });
      }),
    );
    await expect(http.post('/api/7/form-templates/', { name: 'A' })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('does not retry a network error', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/me/', () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    await expect(http.get('/api/me/')).rejects.toMatchObject({ status: null, message: DEFAULT_ERROR_MESSAGE });
    expect(calls).toBe(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onFatalError).not.toHaveBeenCalled();
  });

  it('waits as long as a 429 asks (Retry-After in seconds) before the one retry', async () => {
    const times: number[] = [];
    server.use(
      mock.get('/api/me/', () => {
        times.push(Date.now());
        return times.length === 1
          ? HttpResponse.json({ detail: 'Slow down' }, { status: 429, headers: { 'Retry-After': '1' } })
          : HttpResponse.json({ firstName: 'Ada' });
      }),
    );
    const { data } = await http.get('/api/me/');
    expect(data).toEqual({ firstName: 'Ada' });
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
  });

  it('does not retry when a 503 asks for a longer pause than the screen should spin', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/me/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Maintenance' }, { status: 503, headers: { 'Retry-After': '120' } });
      }),
    );
    await expect(http.get('/api/me/')).rejects.toMatchObject({ status: 503, message: 'Maintenance' });
    expect(calls).toBe(1);
  });

  it('never retries a GET that failed on a status outside the list (501)', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/me/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Nope' }, { status: 501 });
      }),
    );
    await expect(http.get('/api/me/')).rejects.toMatchObject({ status: 501 });
    expect(calls).toBe(1);
  });

  it('does not retry a GET on 404', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/7/form-templates/1/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      }),
    );
    await expect(http.get('/api/7/form-templates/1/')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });
});

describe('401, 403 and 404', () => {
  it('401 calls onUnauthorized with the full current path', async () => {
    window.history.replaceState(null, '', '/7/build/abc/share?tab=embed#code');
    server.use(mock.get('/api/me/', () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 })));
    await expect(http.get('/api/me/')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('/7/build/abc/share?tab=embed#code');
    expect(onFatalError).not.toHaveBeenCalled();
  });

  it('404 calls onFatalError with the server detail', async () => {
    server.use(
      mock.get('/api/7/form-templates/1/', () => HttpResponse.json({ detail: 'Archived Form' }, { status: 404 })),
    );
    await expect(http.get('/api/7/form-templates/1/')).rejects.toMatchObject({ status: 404, message: 'Archived Form' });
    expect(onFatalError).toHaveBeenCalledExactlyOnceWith({ statusCode: 404, message: 'Archived Form' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('404 without a detail reports the default message', async () => {
    server.use(mock.get('/api/7/', () => new HttpResponse(null, { status: 404 })));
    await expect(http.get('/api/7/')).rejects.toBeInstanceOf(ApiError);
    expect(onFatalError).toHaveBeenCalledExactlyOnceWith({ statusCode: 404, message: DEFAULT_ERROR_MESSAGE });
  });

  it('403 calls onFatalError with Forbidden', async () => {
    server.use(mock.get('/api/8/', () => HttpResponse.json({ detail: 'Forbidden' }, { status: 403 })));
    await expect(http.get('/api/8/')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(onFatalError).toHaveBeenCalledExactlyOnceWith({ statusCode: 403, message: 'Forbidden' });
  });

  it('a silent request skips both callbacks but still rejects', async () => {
    server.use(
      mock.get('/api/me/', () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 })),
      mock.get('/api/7/', () => HttpResponse.json({ detail: 'Account Not Found' }, { status: 404 })),
    );
    await expect(http.get('/api/me/', { silent: true })).rejects.toMatchObject({ status: 401 });
    await expect(http.get('/api/7/', { silent: true })).rejects.toMatchObject({ status: 404, message: 'Account Not Found' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onFatalError).not.toHaveBeenCalled();
  });

  it('other failures call neither callback', async () => {
    server.use(
      mock.post('/api/7/form-templates/', () =>
        HttpResponse.json({ detail: 'Invalid input', errors: { display_name: ['Too long'] } }, { status: 400 }),
      ),
    );
    const error = await http.post('/api/7/form-templates/', { displayName: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', detail: 'Invalid input', errors: { displayName: ['Too long'] } });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onFatalError).not.toHaveBeenCalled();
  });

  it('the default 401 handler sends the browser to /login with next', async () => {
    const assign = vi.fn<(url: string) => void>();
    const location = { ...window.location, pathname: '/7/responses', search: '?a=1', hash: '#x', assign };
    vi.spyOn(window, 'location', 'get').mockReturnValue(location);
    try {
      // A fresh module has never been configured, so it runs its default handlers.
      vi.resetModules();
      const fresh = await import('../../../src/api/client');
      server.use(mock.get('/api/me/', () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 })));
      await expect(fresh.http.get('/api/me/')).rejects.toMatchObject({ name: 'ApiError', status: 401 });
      expect(assign).toHaveBeenCalledExactlyOnceWith('/login?next=%2F7%2Fresponses%3Fa%3D1%23x');
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('endpoint modules', () => {
  it('getMe parses the user', async () => {
    const user = {
      id: 1,
      isStaff: false,
      isSuperuser: false,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      account: { id: 7, internalName: 'Firm' },
    };
    server.use(mock.get('/api/me/', () => HttpResponse.json(user)));
    await expect(callEndpoint((dispatch) => dispatch(usersApi.endpoints.getMe.initiate()))).resolves.toEqual(user);
  });

  it('getMe is silent: a 401 is left to the caller', async () => {
    server.use(mock.get('/api/me/', () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 })));
    await expect(callEndpoint((dispatch) => dispatch(usersApi.endpoints.getMe.initiate()))).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects a malformed response with the default message', async () => {
    server.use(mock.get('/api/me/', () => HttpResponse.json({ id: 'nope' })));
    await expect(callEndpoint((dispatch) => dispatch(usersApi.endpoints.getMe.initiate()))).rejects.toEqual({
      status: null,
      message: DEFAULT_ERROR_MESSAGE,
      detail: null,
      errors: {},
    });
  });

  it('listAccounts sends search and page and parses the page', async () => {
    let search = '';
    server.use(
      mock.get('/api/accounts/', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [{ id: 7, internalName: 'Firm' }] });
      }),
    );
    await expect(
      callEndpoint((dispatch) => dispatch(accountsApi.endpoints.listAccounts.initiate({ search: 'fi', page: 2 }))),
    ).resolves.toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 7, internalName: 'Firm' }],
    });
    expect(search).toBe('?search=fi&page=2');
  });

  it('getAccount reads /api/{accountId}/', async () => {
    server.use(mock.get('/api/7/', () => HttpResponse.json({ id: 7, internalName: 'Firm' })));
    await expect(callEndpoint((dispatch) => dispatch(accountsApi.endpoints.getAccount.initiate(7)))).resolves.toEqual({
      id: 7,
      internalName: 'Firm',
    });
  });
});

describe('normaliseError', () => {
  function axiosError(status: number, data: unknown) {
    const config = { headers: new AxiosHeaders() };
    return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, {
      status,
      statusText: '',
      data,
      headers: {},
      config,
    });
  }

  it('uses fixed messages for 401 and 403 and keeps the detail', () => {
    expect(normaliseError(axiosError(401, { detail: 'Session expired' }))).toMatchObject({
      status: 401,
      message: 'Unauthorized',
      detail: 'Session expired',
    });
    expect(normaliseError(axiosError(403, { detail: 'Nope' }))).toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('uses the server detail for other statuses, else the default', () => {
    expect(normaliseError(axiosError(409, { detail: 'Conflict' })).message).toBe('Conflict');
    expect(normaliseError(axiosError(500, '<html>oops</html>')).message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(normaliseError(axiosError(500, { detail: '' })).message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('decodes JSON error bodies of array-buffer downloads', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ detail: 'Archived Form', errors: { days: ['Too many'] } }));
    expect(normaliseError(axiosError(404, bytes.buffer))).toMatchObject({
      status: 404,
      message: 'Archived Form',
      errors: { days: ['Too many'] },
    });
    expect(normaliseError(axiosError(404, new TextEncoder().encode('not json').buffer)).message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('camelCases field error keys and drops non-string messages', () => {
    const error = normaliseError(axiosError(400, { errors: { display_name: ['Required', 3], custom_submit_message: 'Too long' } }));
    expect(error.errors).toEqual({ displayName: ['Required'], customSubmitMessage: ['Too long'] });
  });

  it('gives the default message for network and non-axios errors', () => {
    const network = new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });
    expect(normaliseError(network)).toMatchObject({ status: null, message: DEFAULT_ERROR_MESSAGE, errors: {} });
    expect(normaliseError(new TypeError('boom'))).toMatchObject({ status: null, detail: null, message: DEFAULT_ERROR_MESSAGE });
    expect(normaliseError('weird')).toBeInstanceOf(ApiError);
  });

  it('returns an ApiError as it is', () => {
    const error = new ApiError('Already normalised', { status: 400 });
    expect(normaliseError(error)).toBe(error);
  });
});
