import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { ConditionalLogic, FormDocument, FormStyle } from '../../src/domain/form-document.js';
import { compileLogic, type CompiledLogic } from '../../src/domain/logic/index.js';
import { findForm } from '../forms/form-repository.js';
import { publicFormSchema } from '../../src/contract/public-forms.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The content codings the public form read offers, best first. */
export type WireEncoding = 'br' | 'gzip' | 'identity';

/** One form version's public read as sent: encoded once, whatever the number of readers. */
interface FormWire {
  /** Bytes of the JSON: what the cache of encoded reads counts (compressed copies are a fraction of it). */
  size: number;
  /** Strong, one per encoding (`"<hash>-br"`): each coding is its own representation of the same version. */
  etag: (encoding: WireEncoding) => string;
  /** The version's hash, in every one of its ETags. */
  hash: string;
  body: (encoding: WireEncoding) => Promise<Buffer>;
}

function formWire(form: PublishedForm): FormWire {
  const json = Buffer.from(
    JSON.stringify(
      publicFormSchema.parse({
        id: form.id,
        name: form.displayName || form.name,
        jsonForm: form.document,
        jsonConditionalLogic: form.logic,
        jsonFormStyle: form.style,
      }),
    ),
  );
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
  const encoded = new Map<WireEncoding, Promise<Buffer>>([['identity', Promise.resolve(json)]]);
  return {
    size: json.length,
    hash,
    etag: (encoding) => `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`,
    body(encoding) {
      let body = encoded.get(encoding);
      if (!body) {
        // Off the event loop (zlib's thread pool); a middling brotli level: once per version, but a 2 MB form at 11 takes seconds.
        body = encoding === 'br' ? brotli(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 7, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } }) : gzipAsync(json, { level: 6 });
        encoded.set(encoding, body);
      }
      return body;
    },
  };
}

export interface PublishedForm {
  id: string;
  accountId: number;
  name: string;
  displayName: string;
  customSubmitMessage: string;
  updatedAt: Date;
  document: FormDocument;
  logic: ConditionalLogic;
  style: FormStyle;
  compiled: CompiledLogic;
  /** Set once a response was stored against this version. */
  versionId?: string;
}

/**
 * Active, shareable forms compiled once and kept for a second: the ingest path then costs one INSERT.
 * A form edited is seen by submissions at most TTL later (each response records the version it was checked against);
 * an archived one at once, as the INSERT itself checks that the form is active.
 */
export class PublishedForms {
  private readonly cache = new Map<string, { expires: number; form: PublishedForm | null }>();
  /** Encoded public reads by form version, least recently read first, within maxWireBytes of JSON. */
  private readonly wires = new Map<string, FormWire>();
  private wireBytes = 0;

  constructor(
    private readonly db: DB,
    private readonly ttlMs = 1000,
    private readonly maxEntries = 2000,
    private readonly maxWireBytes = 64 * 1024 * 1024,
  ) {}

  async get(formId: string): Promise<PublishedForm | null> {
    const now = Date.now();
    const cached = this.cache.get(formId);
    if (cached && cached.expires > now) return cached.form;
    return this.load(formId, now);
  }

  /**
   * The form as it is now, not as cached: one primary-key read of its version, then the cached compilation when that
   * version is the cached one. The public read uses it, so an archived form answers 404 at once (and the submit
   * cache forgets it too).
   */
  async current(formId: string): Promise<PublishedForm | null> {
    const row = await this.db
      .selectFrom('form_templates')
      .select('updated_at')
      .where('id', '=', formId)
      .where('deleted_at', 'is', null)
      .where('internal_form_slug', 'is', null)
      .executeTakeFirst();
    if (!row) {
      this.cache.delete(formId);
      return null;
    }
    const cached = this.cache.get(formId)?.form;
    if (cached && cached.updatedAt.getTime() === row.updated_at.getTime()) return cached;
    return this.load(formId, Date.now());
  }

  /** The public read's encoded body and ETags, once per form version. */
  wire(form: PublishedForm): FormWire {
    const key = `${form.id}@${form.updatedAt.getTime()}`;
    let wire = this.wires.get(key);
    if (wire) {
      this.wires.delete(key);
    } else {
      wire = formWire(form);
      this.wireBytes += wire.size;
    }
    this.wires.set(key, wire);
    // Least recently read first out; the one just read stays, however large.
    for (const [oldKey, old] of this.wires) {
      if (this.wireBytes <= this.maxWireBytes || oldKey === key) break;
      this.wires.delete(oldKey);
      this.wireBytes -= old.size;
    }
    return wire;
  }

  private async load(formId: string, now: number): Promise<PublishedForm | null> {
    const cached = this.cache.get(formId);
    // Active, user-built forms only: archived and built-in forms take no submissions.
    const row = await findForm(this.db, formId, { accountId: null });
    let form: PublishedForm | null = null;
    if (row) {
      const previous = cached?.form;
      const sameVersion = previous && previous.updatedAt.getTime() === row.updated_at.getTime();
      form = sameVersion
        ? previous
        : {
            id: row.id,
            accountId: row.account_id,
            name: row.name,
            displayName: row.display_name,
            customSubmitMessage: row.custom_submit_message,
            updatedAt: row.updated_at,
            document: row.json_form as FormDocument,
            logic: row.json_conditional_logic as ConditionalLogic,
            style: row.json_form_style as FormStyle,
            compiled: compileLogic(row.json_form as FormDocument, row.json_conditional_logic as ConditionalLogic),
          };
    }
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.delete(formId);
    this.cache.set(formId, { expires: now + this.ttlMs, form });
    return form;
  }

  /**
   * The form_versions row for this form version, made on first use; null when the form is no longer active (nothing
   * is made for a submission that will be refused).
   */
  async versionId(form: PublishedForm): Promise<string | null> {
    if (form.versionId) return form.versionId;
    const row = await sql<{ id: string }>`
      with inserted as (
        insert into form_versions (form_template_id, account_id, version_at, json_form, json_conditional_logic)
        select ${form.id}, ${form.accountId}, ${form.updatedAt}, ${JSON.stringify(form.document)}, ${JSON.stringify(form.logic)}
        where exists (select 1 from form_templates where id = ${form.id} and deleted_at is null)
        on conflict (form_template_id, version_at) do nothing
        returning id
      )
      select id from inserted
      union all
      select id from form_versions where form_template_id = ${form.id} and version_at = ${form.updatedAt}
      limit 1`.execute(this.db);
    const id =
      row.rows[0]?.id ??
      (await this.db.selectFrom('form_versions').select('id').where('form_template_id', '=', form.id).where('version_at', '=', form.updatedAt).executeTakeFirst())?.id;
    if (id) form.versionId = id;
    return id ?? null;
  }
}
