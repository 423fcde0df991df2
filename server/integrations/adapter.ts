import type { Kysely } from 'kysely';
import type { Database, IntegrationKind } from '../db/schema.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { Answers } from '../../src/domain/answers.js';
import type { ConditionalLogic, FormDocument } from '../../src/domain/form-document.js';
import type { IntegrationField } from '../../src/contract/integrations.js';

/**
 * What every integration does, whatever system is behind it (INTEGRATIONS.md): connect and disconnect, the record
 * types it offers and their fields (what field maps map onto), and pushing one response. The delivery engine and the
 * integration routes speak only this; each kind has one adapter (Zapier here; Clio and Centerbase with their own).
 */
export interface IntegrationAdapter<ConnectInput = unknown, Connected = unknown> {
  readonly kind: IntegrationKind;
  /** Makes (or refreshes) the account's connection; `Connected` is what the caller may show once (e.g. an API key). */
  connect(context: AdapterContext, input: ConnectInput): Promise<Connected>;
  /** Stops everything the connection allowed: credentials revoked, pending pushes cancelled. */
  disconnect(context: AdapterContext): Promise<void>;
  /** The kinds of record a response can become (Contact, Matter, …). */
  listRecordTypes(context: AdapterContext): Promise<RecordType[]>;
  fieldList(context: AdapterContext, recordType: RecordType): Promise<IntegrationField[]>;
  /** One attempt at one delivery. Never throws for the remote side's failures: they are answers the engine classifies. */
  push(job: PushJob, io: PushIo): Promise<PushResult>;
}

export interface AdapterContext {
  /** The caller's transaction when there is one: a connect is all or nothing. */
  db: Kysely<Database>;
  secrets: SecretBox;
  accountId: number;
}

interface RecordType {
  externalKey: string;
  name: string;
}

/** A claimed delivery, with the response as it was submitted and the form version it was submitted with. */
export interface PushJob {
  deliveryId: string;
  accountId: number;
  /** The integration the delivery belongs to (its connection, settings and field maps). */
  integrationId: string;
  /** What earlier attempts already created (`{contactId, matterId, …}`): a multi-call push resumes from it. */
  progress: Record<string, unknown>;
  /** `zapier:{hookId}`, `clio`, `centerbase`. */
  target: string;
  /** When the delivery was made: every retry carries the same event time. */
  createdAt: Date;
  attemptNo: number;
  response: { id: string; submittedAt: Date; data: Answers };
  form: { id: string; name: string };
  document: FormDocument;
  logic: ConditionalLogic;
  /** For a Zapier target, its hook (null when the row is gone); the claim reads it in the same round trip. */
  zapierHook: { id: string; targetUrl: string; encryptedSecret: string; deletedAt: Date | null } | null;
}

export interface PushIo {
  /** Called before each request goes out: the engine records the attempt first, so a crash mid-push is visible. */
  beforeSend(method: string, url: string): Promise<void>;
  /** Saves `progress` (merged into the delivery's) at once: what was created must survive a crash before the next call. */
  checkpoint(progress: Record<string, unknown>): Promise<void>;
  signal: AbortSignal;
  timeoutMs: number;
}

/** A request went out and this is what came back (or did not). */
interface PushAnswered {
  kind: 'answered';
  status: number;
  excerpt: string;
  retryAfter: string | null;
  message: string;
  /** Values that must never reach an attempt row (a receiver may echo them). */
  redact: string[];
}

interface PushUnanswered {
  kind: 'timeout' | 'network';
  message: string;
  redact: string[];
}

/** Nothing was (or could be) sent: the delivery ends or waits without a request, for this reason. */
interface PushNotSent {
  kind: 'not_sent';
  status: 'cancelled' | 'blocked' | 'failed';
  message: string;
  /** `config`: our side's settings stopped it (shown on the attempt, when one was started). */
  errorKind?: 'config';
}

export type PushResult = PushAnswered | PushUnanswered | PushNotSent;
