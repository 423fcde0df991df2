import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QueryStream from 'pg-query-stream';
import type pg from 'pg';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { notFound } from '../errors.js';
import { findForm } from '../forms/form-repository.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { errorResponses } from '../../src/contract/common.js';
import { exportResponsesQuerySchema, formTemplateParamsSchema } from '../../src/contract/form-templates.js';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { inputsOf } from '../../src/domain/answers.js';
import { displayAnswer } from '../../src/domain/response-view.js';
import { CSV_BOM, csvRow } from '../../src/domain/csv.js';

/** Rows fetched from PostgreSQL per round trip while streaming. */
const BATCH_SIZE = 1000;

interface Column {
  inputId: string;
  label: string;
}

/** "Client Intake (2026)" → "client-intake-2026"; never empty. */
function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'form';
}

/**
 * Columns for every input the form had in any version answered in range: the current form's inputs in its order and
 * with its labels, then inputs that exist only in older versions (newest version first), labelled as they were.
 */
function columnsFor(current: FormDocument, olderVersions: FormDocument[]): Column[] {
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const document of [current, ...olderVersions]) {
    for (const { input } of inputsOf(document)) {
      if (seen.has(input.id)) continue;
      seen.add(input.id);
      columns.push({ inputId: input.id, label: input.label || input.dataName });
    }
  }
  return columns;
}

/** A CSV stream: never serialised through a schema (Fastify sends streams as they are); declared for the contract. */
const csvResponse = z.custom<Readable>().describe('text/csv; charset=utf-8, with a BOM');

export const exportRoutes: FastifyPluginAsyncZod<{ db: DB; pool: pg.Pool }> = async (app, { db, pool }) => {
  app.get(
    '/form-templates/:id/export-responses/',
    { schema: { params: formTemplateParamsSchema, querystring: exportResponsesQuerySchema, response: { 200: csvResponse, ...errorResponses } } },
    async (request, reply) => {
    const { account } = accountScopeOf(request);
    const { days } = request.query;
    // Archived forms keep their responses, and those can still be exported.
    const form = await findForm(db, request.params.id, { accountId: account.id, archived: true, builtIn: true });
    if (!form) throw notFound();
    const since = days ? new Date(Date.now() - days * 86_400_000) : new Date(0);

    // Versions answered in range, newest first: a handful of documents, read once; rows then stream by version id.
    const versionRows = await db
      .selectFrom('form_versions')
      .select(['id', 'json_form'])
      .where('form_template_id', '=', form.id)
      .where('id', 'in', (eb) => eb.selectFrom('form_responses').select('form_version_id').distinct().where('form_template_id', '=', form.id).where('submitted_at', '>=', since))
      .orderBy('version_at', 'desc')
      .execute();
    const inputsByVersion = new Map<string, Map<string, InputElement>>(
      versionRows.map((row) => [row.id, new Map(inputsOf(row.json_form as FormDocument).map(({ input }) => [input.id, input]))]),
    );
    const columns = columnsFor(form.json_form as FormDocument, versionRows.map((row) => row.json_form as FormDocument));

    const client = await pool.connect();
    const stream = client.query(
      new QueryStream(
        `select id, form_version_id, data, is_spam, submitted_at from form_responses
          where form_template_id = $1 and account_id = $2 and submitted_at >= $3
          order by submitted_at, id`,
        [form.id, account.id, since],
        { batchSize: BATCH_SIZE },
      ),
    );
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };

    async function* csv() {
      try {
        yield CSV_BOM + csvRow(['Response ID', 'Submitted at', 'Spam', ...columns.map((column) => column.label)]);
        let chunk = '';
        for await (const row of stream as AsyncIterable<{ id: string; form_version_id: string; data: Record<string, unknown>; is_spam: boolean; submitted_at: Date }>) {
          const inputs = inputsByVersion.get(row.form_version_id);
          const cells: (string | number)[] = [row.id, row.submitted_at.toISOString(), row.is_spam ? 'yes' : 'no'];
          for (const column of columns) {
            const input = inputs?.get(column.inputId);
            const value = row.data[column.inputId];
            cells.push(input ? displayAnswer(input, value) : value === undefined || value === null ? '' : String(value));
          }
          chunk += csvRow(cells);
          if (chunk.length >= 64 * 1024) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
        release();
      } catch (error) {
        release(error as Error);
        throw error;
      } finally {
        // The client went away mid-download: stop reading and give the connection back (destroyed, it may be mid-query).
        if (!released) {
          stream.destroy();
          release(new Error('export aborted'));
        }
      }
    }

    const date = new Date().toISOString().slice(0, 10);
    const filename = `${fileSlug(form.name)}-responses-${days ? `last-${days}-days-` : ''}${date}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(csv()));
    },
  );
};
