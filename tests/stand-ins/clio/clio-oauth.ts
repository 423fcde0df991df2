import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Clio's OAuth 2 authorisation-code flow as its developer docs describe it. These endpoints are not in the OpenAPI
 * document, so their requests and answers are checked against the hand-written schemas below instead.
 */

export const authorizeQuerySchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.url({ protocol: /^https?$/ }),
  state: z.string().optional(),
  redirect_on_decline: z.enum(['true', 'false']).optional(),
});

export const consentFormSchema = authorizeQuerySchema.extend({ decision: z.enum(['allow', 'deny']) });

export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1),
    redirect_uri: z.url(),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
  }),
]);

export const tokenAnswerSchema = z.strictObject({
  token_type: z.literal('bearer'),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});

/** RFC 6749 §5.2 error answers of the token endpoint. */
export const oauthErrorSchema = z.strictObject({
  error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type']),
  error_description: z.string(),
});

export const deauthorizeRequestSchema = z.object({ token: z.string().min(1) });

interface Grant {
  id: number;
  userId: number;
  revoked: boolean;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
}

interface AuthorizationCode {
  grant: Grant;
  clientId: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

export type TokenCheck = { ok: true; userId: number } | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'revoked' };

const CODE_TTL_MS = 10 * 60_000;

const opaque = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** Grants, codes and tokens; a grant is one user's consent, and revoking it ends every token issued under it. */
export class OAuthState {
  private grants: Grant[] = [];
  private codes = new Map<string, AuthorizationCode>();
  private accessTokens = new Map<string, AccessToken>();
  private refreshTokens = new Map<string, Grant>();

  constructor(
    private readonly now: () => number,
    private readonly accessTokenTtlSeconds: () => number,
  ) {}

  issueCode(userId: number, clientId: string, redirectUri: string): string {
    const grant: Grant = { id: this.grants.length + 1, userId, revoked: false };
    this.grants.push(grant);
    const code = opaque('code');
    this.codes.set(code, { grant, clientId, redirectUri, expiresAt: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /** Single use: a replayed code also revokes what the first exchange issued (RFC 6749 §4.1.2). */
  redeemCode(code: string, clientId: string, redirectUri: string): Grant | string {
    const entry = this.codes.get(code);
    if (!entry) return 'The authorization code is unknown';
    if (entry.used) {
      entry.grant.revoked = true;
      return 'The authorization code was already used';
    }
    entry.used = true;
    if (entry.expiresAt <= this.now()) return 'The authorization code has expired';
    if (entry.clientId !== clientId) return 'The authorization code was issued to another client';
    if (entry.redirectUri !== redirectUri) return 'The redirect_uri does not match the one used to authorize';
    return entry.grant;
  }

  /** A refresh token's grant; with rotation the token is spent by this use. */
  redeemRefreshToken(token: string, rotate: boolean): Grant | string {
    const grant = this.refreshTokens.get(token);
    if (!grant || grant.revoked) return 'The refresh token is invalid or was revoked';
    if (rotate) this.refreshTokens.delete(token);
    return grant;
  }

  issueTokens(grant: Grant, withRefreshToken: boolean): z.infer<typeof tokenAnswerSchema> {
    const ttl = this.accessTokenTtlSeconds();
    const accessToken = opaque('access');
    this.accessTokens.set(accessToken, { grant, expiresAt: this.now() + ttl * 1000 });
    const answer: z.infer<typeof tokenAnswerSchema> = { token_type: 'bearer', access_token: accessToken, expires_in: ttl };
    if (withRefreshToken) {
      const refreshToken = opaque('refresh');
      this.refreshTokens.set(refreshToken, grant);
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  checkAccessToken(authorization: string | undefined): TokenCheck {
    const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
    if (!match) return { ok: false, reason: 'missing' };
    const entry = this.accessTokens.get(match[1]);
    if (!entry) return { ok: false, reason: 'unknown' };
    if (entry.grant.revoked) return { ok: false, reason: 'revoked' };
    if (entry.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, userId: entry.grant.userId };
  }

  /** Deauthorize: the grant behind an access or refresh token is revoked. False when the token is unknown. */
  revokeByToken(token: string): boolean {
    const grant = this.accessTokens.get(token)?.grant ?? this.refreshTokens.get(token);
    if (!grant) return false;
    grant.revoked = true;
    return true;
  }

  revokeAll(): void {
    for (const grant of this.grants) grant.revoked = true;
  }

  expireAccessTokens(): void {
    for (const entry of this.accessTokens.values()) entry.expiresAt = Math.min(entry.expiresAt, this.now());
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The consent screen: a plain form a browser (or Playwright) can click, posting the decision back to /oauth/authorize. */
export function consentPage(query: z.infer<typeof authorizeQuerySchema>, appName: string, userName: string): string {
  const hidden = Object.entries(query)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Clio (stand-in): authorize ${escapeHtml(appName)}</title></head>
<body>
  <main>
    <h1>Allow ${escapeHtml(appName)} to access your Clio account?</h1>
    <p>Signed in as ${escapeHtml(userName)}. ${escapeHtml(appName)} will be able to read and create contacts, matters and notes.</p>
    <form method="post" action="/oauth/authorize">
      ${hidden}
      <button type="submit" name="decision" value="allow">Allow access</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </main>
</body>
</html>`;
}
