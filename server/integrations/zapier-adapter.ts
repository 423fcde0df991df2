import type { AccountToken } from '../../src/contract/account-tokens.js';
import { buildHookPayload } from '../../src/domain/hook-payload.js';
import { postHook } from '../delivery/hook-sender.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { AdapterContext, IntegrationAdapter, PushIo, PushJob, PushResult } from './adapter.js';
import { createToken } from './account-tokens.js';
import { hookTargetProblem } from './hook-target.js';
import { ensureZapierIntegration } from './integration-repository.js';

/** Where a hook's secret lives: it opens only in this row's `secret` column. */
export const hookSecretPlace = (id: string) => ({ table: 'zapier_hooks', column: 'secret', rowId: id });

/** The original URL without its query: an attempt row shows where it went, not every parameter. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * Zapier (INTEGRATIONS.md "Zapier"): the connection is an API key the firm pastes into Zapier; Zapier then subscribes
 * REST hooks, one per Zap, and each response goes to each live hook of its form, signed after Standard Webhooks.
 * Zapier has no record types or fields of its own to map onto: a Zap takes the answers as they are.
 */
export class ZapierAdapter implements IntegrationAdapter<{ name: string }, AccountToken> {
  readonly kind = 'zapier' as const;

  constructor(private readonly options: { secrets: SecretBox; hookHosts: () => readonly string[] }) {}

  /** A new API key, replacing the previous one at once (it stops working); hooks made with it keep running. */
  async connect({ db, accountId }: AdapterContext, { name }: { name: string }): Promise<AccountToken> {
    const integration = await ensureZapierIntegration(db, accountId);
    const previous = typeof integration.config.accountTokenId === 'string' ? integration.config.accountTokenId : null;
    if (previous) await db.updateTable('account_tokens').set({ is_active: false }).where('id', '=', previous).where('account_id', '=', accountId).execute();
    const created = await createToken(db, accountId, name);
    await db
      .updateTable('account_integrations')
      .set({ config: JSON.stringify({ ...integration.config, accountTokenId: created.id }), status: 'connected', updated_at: new Date() })
      .where('id', '=', integration.id)
      .execute();
    return created;
  }

  /** The key stops working (Zapier shows the connection as expired), every hook is removed, nothing waiting goes. */
  async disconnect({ db, accountId }: AdapterContext): Promise<void> {
    const now = new Date();
    const integration = await ensureZapierIntegration(db, accountId);
    const tokenId = typeof integration.config.accountTokenId === 'string' ? integration.config.accountTokenId : null;
    if (tokenId) await db.updateTable('account_tokens').set({ is_active: false }).where('id', '=', tokenId).where('account_id', '=', accountId).execute();
    const hooks = await db
      .updateTable('zapier_hooks')
      .set({ deleted_at: now, deleted_reason: 'unsubscribed' })
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    if (hooks.length > 0) {
      await db
        .updateTable('deliveries')
        .set({ status: 'cancelled', next_attempt_at: null, last_error: 'Zapier was disconnected', updated_at: now })
        .where('account_id', '=', accountId)
        .where('target', 'in', hooks.map((hook) => `zapier:${hook.id}`))
        .where('status', 'in', ['pending', 'failed', 'blocked'])
        .execute();
    }
    const { accountTokenId: _dropped, ...config } = integration.config;
    await db
      .updateTable('account_integrations')
      .set({ config: JSON.stringify(config), status: 'disconnected', updated_at: now })
      .where('id', '=', integration.id)
      .execute();
  }

  async listRecordTypes(): Promise<[]> {
    return [];
  }

  async fieldList(): Promise<[]> {
    return [];
  }

  async push(job: PushJob, io: PushIo): Promise<PushResult> {
    const hook = job.zapierHook;
    if (!hook || hook.deletedAt) return { kind: 'not_sent', status: 'cancelled', message: 'The Zapier hook was removed' };
    await io.beforeSend('POST', shownUrl(hook.targetUrl));
    const problem = hookTargetProblem(hook.targetUrl, this.options.hookHosts());
    if (problem) return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: `The hook's target is not allowed: ${problem}` };
    let secret: string;
    try {
      secret = this.options.secrets.decrypt(hook.encryptedSecret, hookSecretPlace(hook.id));
    } catch {
      // A SECRET_KEY changed without SECRET_KEY_FALLBACKS: retrying cannot help, and the firm must see it.
      return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: "The hook's secret cannot be opened with the server's SECRET_KEY (see SECRET_KEY_FALLBACKS)" };
    }
    const payload = buildHookPayload({
      id: job.deliveryId,
      // The event's time, not the attempt's: every retry carries the same body.
      timestamp: job.createdAt.toISOString(),
      form: job.form,
      response: { id: job.response.id, submittedAt: job.response.submittedAt.toISOString(), data: job.response.data },
      document: job.document,
      logic: job.logic,
    });
    const answer = await postHook({ url: hook.targetUrl, id: job.deliveryId, secret, body: JSON.stringify(payload), timeoutMs: io.timeoutMs, signal: io.signal });
    return { ...answer, redact: [secret] };
  }
}
