import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { hashToken } from '../secrets/secret-box.js';
import type { AccountToken } from '../../src/contract/account-tokens.js';

/**
 * API keys for the Zapier-facing API. A key is 256 random bits behind a recognisable prefix (secret scanners and
 * people can tell what leaked); only its SHA-256 and a display prefix are stored, so the key is shown once.
 */
const TOKEN_PREFIX = 'fbk_';
const DISPLAY_LENGTH = TOKEN_PREFIX.length + 8;

type AccountTokenRow = {
  id: string;
  account_id: number;
  name: string;
  token_prefix: string;
  is_active: boolean;
  last_used_at: Date | null;
  created_at: Date;
};

function newToken(): { token: string; hash: string; prefix: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, DISPLAY_LENGTH) };
}

/** `token` is the whole key right after it was made, else the masked prefix. */
export function serializeToken(row: AccountTokenRow, token?: string): AccountToken {
  return {
    id: row.id,
    token: token ?? `${row.token_prefix}…`,
    tokenPrefix: row.token_prefix,
    isActive: row.is_active,
    account: row.account_id,
    name: row.name,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

const TOKEN_COLUMNS = ['id', 'account_id', 'name', 'token_prefix', 'is_active', 'last_used_at', 'created_at'] as const;

export async function createToken(db: Kysely<Database>, accountId: number, name: string): Promise<AccountToken> {
  const { token, hash, prefix } = newToken();
  const row = await db
    .insertInto('account_tokens')
    .values({ account_id: accountId, name, token_hash: hash, token_prefix: prefix })
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
  return serializeToken(row, token);
}

/** A new key on the same row: the old one stops working with this update, and hooks made with it keep running. */
export async function renewToken(db: Kysely<Database>, accountId: number, id: string): Promise<AccountToken | null> {
  const { token, hash, prefix } = newToken();
  const row = await db
    .updateTable('account_tokens')
    .set({ token_hash: hash, token_prefix: prefix })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('is_active', '=', true)
    .returning(TOKEN_COLUMNS)
    .executeTakeFirst();
  return row ? serializeToken(row, token) : null;
}

export async function findTokenRow(db: DB, accountId: number, id: string) {
  return db.selectFrom('account_tokens').select(TOKEN_COLUMNS).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

export interface ApiKeyOwner {
  tokenId: string;
  account: { id: number; internalName: string };
}

/** The active key's account, or null; `last_used_at` is written at most once a minute per key. */
export async function authenticateApiKey(db: DB, apiKey: string): Promise<ApiKeyOwner | null> {
  if (!apiKey.startsWith(TOKEN_PREFIX) || apiKey.length > 200) return null;
  const row = await db
    .selectFrom('account_tokens')
    .innerJoin('accounts', 'accounts.id', 'account_tokens.account_id')
    .select(['account_tokens.id', 'account_tokens.last_used_at', 'accounts.id as account_id', 'accounts.internal_name'])
    .where('account_tokens.token_hash', '=', hashToken(apiKey))
    .where('account_tokens.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000) {
    await db.updateTable('account_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  }
  return { tokenId: row.id, account: { id: row.account_id, internalName: row.internal_name } };
}
