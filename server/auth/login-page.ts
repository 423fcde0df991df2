/** The built-in sign-in page: server-rendered, works without JavaScript, accessible. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

export interface LoginPageOptions {
  csrfToken: string;
  next: string;
  email?: string;
  error?: string;
  notice?: string;
  oidc?: { name: string; href: string };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f3f4f6;color:#111928}
main{width:100%;max-width:26rem;padding:1rem}.card{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:2rem;
box-shadow:0 1px 3px rgba(0,0,0,.06)}.logo{display:block;margin:0 auto 1.25rem;height:32px}h1{font-size:1.5rem;margin:0 0 .25rem;text-align:center}
p.sub{margin:0 0 1.5rem;text-align:center;color:#4b5563}label{display:block;font-weight:600;margin:1rem 0 .35rem}
input{width:100%;padding:.6rem .75rem;font-size:1rem;border:1px solid #9ca3af;border-radius:.375rem}
input:focus,button:focus,a:focus{outline:3px solid #93c5fd;outline-offset:2px}
input[aria-invalid=true]{border-color:#b91c1c}
button,.sso{display:block;width:100%;margin-top:1.5rem;padding:.7rem;font-size:1rem;font-weight:600;border-radius:.375rem;cursor:pointer;text-align:center;text-decoration:none}
button{background:#111928;color:#fff;border:1px solid #111928}button:hover{background:#fff;color:#111928}
.sso{background:#fff;color:#111928;border:1px solid #111928;margin-top:1rem}.alert{border-radius:.375rem;padding:.75rem 1rem;margin-bottom:1rem}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca}.notice{background:#eff6ff;color:#1e3a8a;border:1px solid #bfdbfe}
.divider{text-align:center;color:#6b7280;margin:1.25rem 0 0;font-size:.9rem}`;

/** The page frame both auth pages share: head, logo card, heading and subtitle around `body` (already HTML). */
function authPage(title: string, subtitle: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Form Builder</title>
<link rel="icon" href="/logo-small.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<img class="logo" src="/logo.svg" alt="Form Builder">
<h1>${escapeHtml(title)}</h1>
<p class="sub">${escapeHtml(subtitle)}</p>
${body}
</div>
</main>
</body>
</html>`;
}

export function renderLoginPage(options: LoginPageOptions): string {
  const { csrfToken, next, email = '', error, notice, oidc } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return authPage(
    'Sign in',
    'Use your Form Builder account.',
    `${error ? `<div class="alert error" role="alert" id="login-error">${escapeHtml(error)}</div>` : ''}
${notice ? `<div class="alert notice" role="status">${escapeHtml(notice)}</div>` : ''}
<form method="post" action="/auth/login/" novalidate>
<input type="hidden" name="csrfmiddlewaretoken" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid}${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
${oidc ? `<p class="divider">or</p><a class="sso" href="${escapeHtml(oidc.href)}">Sign in with ${escapeHtml(oidc.name)}</a>` : ''}`,
  );
}

export interface LogoutPageOptions {
  csrfToken: string;
  next: string;
  error?: string;
}

/** Asked for by a GET of /auth/logout/ (a bookmark, an old link): signing out itself takes this form's POST. */
export function renderLogoutPage(options: LogoutPageOptions): string {
  const { csrfToken, next, error } = options;
  return authPage(
    'Sign out',
    'Sign out of Form Builder on this browser?',
    `${error ? `<div class="alert error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/auth/logout/">
<input type="hidden" name="csrfmiddlewaretoken" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<button type="submit">Sign out</button>
</form>`,
  );
}
