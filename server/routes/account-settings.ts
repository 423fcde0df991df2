import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import { badRequest } from '../errors.js';
import { accountScopeOf } from './account-scope.js';
import { accountSettingsBodySchema, accountSettingsSchema, type AccountSettings } from '../../src/contract/accounts.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import { canonicalTimeZone } from '../../src/domain/time-zone.js';

/** PostgreSQL's "invalid parameter value": `at time zone` with a name its time-zone database lacks. */
const INVALID_PARAMETER_VALUE = '22023';

/** The settings of an account: `GET` and `PATCH /api/{accountId}/settings/` (docs/api.md "Account settings"). */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  async function settingsOf(accountId: number): Promise<AccountSettings> {
    const row = await db.selectFrom('accounts').select('time_zone').where('id', '=', accountId).executeTakeFirstOrThrow();
    return { timeZone: row.time_zone };
  }

  /**
   * PostgreSQL writes the export's times, so it must know the zone too: its time-zone database and the runtime's Intl
   * may differ by a release (a zone added or renamed lately).
   */
  async function assertKnownToPostgres(timeZone: string): Promise<void> {
    try {
      await sql`select now() at time zone ${timeZone}`.execute(db);
    } catch (error) {
      if ((error as { code?: string }).code !== INVALID_PARAMETER_VALUE) throw error;
      throw badRequest('Invalid input.', { time_zone: [`is not a time zone this server's database knows: ${timeZone}`] });
    }
  }

  const schema = { params: accountParamsSchema, response: { 200: accountSettingsSchema, ...errorResponses } };

  app.get('/settings/', { schema }, async (request) => settingsOf(accountScopeOf(request).account.id));

  app.patch('/settings/', { schema: { ...schema, body: accountSettingsBodySchema } }, async (request) => {
    const { account, user } = accountScopeOf(request);
    // The schema let only time zones through; this is their canonical spelling.
    const timeZone = canonicalTimeZone(request.body.time_zone) ?? request.body.time_zone;
    await assertKnownToPostgres(timeZone);
    if (!request.body.if_unset) {
      await db.updateTable('accounts').set({ time_zone: timeZone }).where('id', '=', account.id).execute();
    } else if (user.account?.id === account.id) {
      // The browser default: once, from a member of the firm (an administrator visiting from elsewhere is not the firm).
      await db.updateTable('accounts').set({ time_zone: timeZone }).where('id', '=', account.id).where('time_zone', 'is', null).execute();
    }
    return settingsOf(account.id);
  });
};
