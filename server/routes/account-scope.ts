import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/database.js';
import { forbidden, notFound } from '../errors.js';
import { isAdmin, requireUser, type SessionUser } from '../auth/session.js';
import { parseAccountId } from '../../src/domain/ids.js';

export interface AccountScope {
  user: SessionUser;
  account: { id: number; internalName: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    accountScope?: AccountScope;
  }
}

/**
 * The guard of every /api/{accountId}/ route (API.md, spec §6): signed in, account exists
 * (404 'Account Not Found'), and the user is an admin or belongs to it (403 otherwise).
 */
export async function resolveAccountScope(db: DB, request: FastifyRequest): Promise<AccountScope> {
  const user = await requireUser(request);
  // onRequest runs before validation, so params are still the router's raw strings.
  const params: unknown = request.params;
  const raw = params && typeof params === 'object' && 'accountId' in params ? params.accountId : null;
  const accountId = parseAccountId(typeof raw === 'string' ? raw : null);
  if (accountId === null) throw notFound('Account Not Found');
  if (!isAdmin(user) && user.account?.id !== accountId) {
    const exists = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
    throw exists ? forbidden() : notFound('Account Not Found');
  }
  const account =
    user.account?.id === accountId
      ? user.account
      : await db
          .selectFrom('accounts')
          .select(['id', 'internal_name as internalName'])
          .where('id', '=', accountId)
          .executeTakeFirst();
  if (!account) throw notFound('Account Not Found');
  return { user, account };
}

export function accountScopeOf(request: FastifyRequest): AccountScope {
  if (!request.accountScope) throw new Error('account scope hook did not run');
  return request.accountScope;
}
