/** The one way the benchmarks sign in over HTTP: the sign-in page's form, the way a browser does it. */

export interface BenchSession {
  /** `sessionid=…; csrftoken=…`, for any request. */
  cookie: string;
  /** The CSRF token bound to the session (sign-in hands out a new one). */
  csrf: string;
  /** Headers for a JSON request that changes something (cookie, CSRF token, same origin). */
  jsonHeaders(): Record<string, string>;
}

/** Signs in at `baseUrl` (a running server of ours); throws when the credentials are refused. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<BenchSession> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  remember(await fetch(`${baseUrl}/auth/login/`));
  const login = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({ email, password, csrfmiddlewaretoken: jar.get('csrftoken') ?? '' }).toString(),
  });
  remember(login);
  if (login.status !== 303 || !jar.get('sessionid')) throw new Error(`sign-in as ${email} failed: HTTP ${login.status}`);
  const session = { cookie: cookie(), csrf: jar.get('csrftoken') ?? '' };
  return {
    ...session,
    jsonHeaders: () => ({ 'content-type': 'application/json', cookie: session.cookie, 'x-csrftoken': session.csrf, origin: baseUrl }),
  };
}
