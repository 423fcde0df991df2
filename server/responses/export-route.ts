import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { copyTextLines, unescapeCopyText } from '../db/copy-text.js';
import { ExportPool, type DB } from '../db/database.js';
import { HttpError, badRequest, notFound } from '../errors.js';
import { findForm } from '../forms/form-repository.js';
import { UserSlots, whenResponseCloses } from '../load/user-slots.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { errorResponses } from '../../src/contract/common.js';
import { exportResponsesQuerySchema, formTemplateParamsSchema } from '../../src/contract/form-templates.js';
import type { FormDocument } from '../../src/domain/form-document.js';
import { inputsOf } from '../../src/domain/answers.js';
import { CSV_BOM, answerCellFormatter, csvCell, csvRow } from '../../src/domain/csv.js';
import { FALLBACK_TIME_ZONE } from '../../src/domain/time-zone.js';

/** CSV text handed to the response at a time. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The rows as `COPY … TO STDOUT` text, one line each, streamed without a round trip per batch (a cursor's FETCHes
 * left PostgreSQL idle while the rows were written, and the other way round): form version, id, spam ('t'/'f'),
 * 'Submitted at' already written in the firm's time zone with its offset, and the answers as JSON. `TZH:TZM` is the
 * session time zone's offset at that instant, so the export sets the session's TimeZone first. COPY takes no bind
 * parameters: the values are quoted as literals by the driver (a uuid from our own row, an integer, an ISO instant).
 */
function exportRowsCopy(client: pg.PoolClient, formId: string, accountId: number, since: Date): string {
  return `copy (select form_version_id, id, is_spam, to_char(submitted_at, 'YYYY-MM-DD HH24:MI:SS TZH:TZM'), data
    from form_responses
    where form_template_id = ${client.escapeLiteral(formId)}::uuid and account_id = ${Math.trunc(accountId)} and submitted_at >= ${client.escapeLiteral(since.toISOString())}::timestamptz
    order by submitted_at, id) to stdout`;
}
/** PostgreSQL's "invalid parameter value": a time zone its time-zone database lacks. */
const INVALID_PARAMETER_VALUE = '22023';

const EXPORTS_PER_USER_DETAIL = 'You already have exports running. Wait for them to finish, then try again.';
const EXPORTS_BUSY_DETAIL = 'Too many exports are running right now. Please try again in a minute.';
const EXPORTS_BUSY_RETRY_AFTER_SECONDS = 30;

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

/**
 * An export connection, or 503 with Retry-After when every one is taken by another export for the whole acquire
 * timeout (an outage answers the usual database 503: the error is passed on).
 */
async function acquireExportConnection(pool: ExportPool): Promise<pg.PoolClient> {
  const full = pool.totalCount >= pool.settings.size && pool.idleCount === 0;
  try {
    return await pool.connect();
  } catch (error) {
    if (full && error instanceof Error && error.message.includes('timeout exceeded when trying to connect')) {
      throw new HttpError(503, EXPORTS_BUSY_DETAIL, undefined, { 'retry-after': String(EXPORTS_BUSY_RETRY_AFTER_SECONDS) });
    }
    throw error;
  }
}

export const exportRoutes: FastifyPluginAsyncZod<{ db: DB; pool: pg.Pool }> = async (app, { db, pool }) => {
  // Exports stream from their own small pool, never the main one: see createExportPool.
  if (!(pool instanceof ExportPool)) throw new Error('CSV exports need the export pool (createExportPool), not the main pool');
  const exportPool = pool;
  const userSlots = new UserSlots(exportPool.settings.userConcurrency, EXPORTS_PER_USER_DETAIL);
  // A stopping server waits for in-flight requests, and a download can last an hour: cut the exports instead (the
  // client sees a broken download and can start again), so a shutdown finishes at once and frees their connections.
  const running = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of running) response.destroy();
  });

  app.get(
    '/form-templates/:id/export-responses/',
    { schema: { params: formTemplateParamsSchema, querystring: exportResponsesQuerySchema, response: { 200: csvResponse, ...errorResponses } } },
    async (request, reply) => {
    const { account, user } = accountScopeOf(request);
    userSlots.take(user.id, reply);
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
    const columns = columnsFor(form.json_form as FormDocument, versionRows.map((row) => row.json_form as FormDocument));
    // Per version, each column's cell writer (choices' cells written in advance): a row is then one pass of lookups.
    const writersByVersion = new Map(
      versionRows.map((row) => {
        const inputs = new Map(inputsOf(row.json_form as FormDocument).map(({ input }) => [input.id, input]));
        return [row.id, columns.map((column) => answerCellFormatter(inputs.get(column.inputId)))];
      }),
    );
    const columnIds = columns.map((column) => column.inputId);
    const unknownVersion = columns.map(() => answerCellFormatter(undefined));
    const { time_zone: timeZone } = await db.selectFrom('accounts').select('time_zone').where('id', '=', account.id).executeTakeFirstOrThrow();

    // Taken only now that the rows are next (the form and its versions came from the main pool), and given back on
    // whichever comes first: the last row, an error, the client going away, or the reader stalling.
    const client = await acquireExportConnection(exportPool);
    // Export connections serve exports only, and each export sets its zone first (and resets it after the last row).
    const zone = timeZone ?? FALLBACK_TIME_ZONE;
    try {
      await client.query(`select set_config('TimeZone', $1, false)`, [zone]);
    } catch (error) {
      client.release(error as Error);
      if ((error as { code?: string }).code === INVALID_PARAMETER_VALUE) {
        throw badRequest(`This account's time zone (${zone}) is unknown to the database: choose another one in Settings.`);
      }
      throw error;
    }
    let released = false;
    let stallTimer: NodeJS.Timeout | undefined;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      clearTimeout(stallTimer);
      // With an error the connection is closed, not pooled: it may be mid-COPY.
      client.release(error);
    };
    const stream = client.query(copyTo(exportRowsCopy(client, form.id, account.id, since)));
    const abandon = (reason: string) => {
      if (released) return;
      stream.destroy();
      release(new Error(reason));
    };
    // The response's socket closed (sent, reset, timed out, destroyed below): the one event every ending emits, even
    // when the CSV generator never started.
    running.add(reply.raw);
    whenResponseCloses(reply, () => {
      running.delete(reply.raw);
      abandon('export aborted');
    });
    // A reader that stopped reading: the generator waits at a `yield` while the socket's buffers are full. Closing the
    // socket frees the connection; a reader that is merely slow keeps pulling and is never cut off.
    const waitForReader = () => {
      stallTimer = setTimeout(() => {
        request.log.info({ stallTimeoutMs: exportPool.settings.stallTimeoutMs }, 'export reader stalled; closing it');
        reply.raw.destroy();
        abandon('export reader stalled');
      }, exportPool.settings.stallTimeoutMs);
    };

    async function* csv() {
      try {
        waitForReader();
        yield CSV_BOM + csvRow(['Response ID', 'Submitted at', 'Spam', ...columns.map((column) => column.label)]);
        clearTimeout(stallTimer);
        let chunk = '';
        for await (const lines of copyTextLines(stream as AsyncIterable<Buffer>)) {
          for (const line of lines) {
            // version \t id \t spam \t submitted at \t answers: only the answers' JSON can hold an escape.
            const afterVersion = line.indexOf('\t');
            const afterId = line.indexOf('\t', afterVersion + 1);
            const afterSpam = line.indexOf('\t', afterId + 1);
            const afterSubmitted = line.indexOf('\t', afterSpam + 1);
            const writers = writersByVersion.get(line.slice(0, afterVersion)) ?? unknownVersion;
            const data = JSON.parse(unescapeCopyText(line.slice(afterSubmitted + 1))) as Record<string, unknown>;
            // The same cells as csvRow([id, submittedAt, 'yes' | 'no', ...answers]), written without the array.
            chunk += `${csvCell(line.slice(afterVersion + 1, afterId))},${csvCell(line.slice(afterSpam + 1, afterSubmitted))},${line.charCodeAt(afterId + 1) === 0x74 ? 'yes' : 'no'}`;
            for (let index = 0; index < writers.length; index++) chunk += `,${writers[index](data[columnIds[index]])}`;
            chunk += '\r\n';
          }
          if (chunk.length >= CHUNK_CHARS) {
            waitForReader();
            yield chunk;
            clearTimeout(stallTimer);
            chunk = '';
          }
        }
        // Back to the server's zone for whatever uses this connection next.
        await client.query('reset TimeZone');
        release();
        if (chunk) yield chunk;
      } catch (error) {
        release(error as Error);
        throw error;
      } finally {
        abandon('export aborted');
      }
    }

    const date = new Date().toISOString().slice(0, 10);
    const filename = `${fileSlug(form.name)}-responses-${days ? `last-${days}-days-` : ''}${date}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      // One chunk ahead at most: memory per export stays at a chunk, and a stall shows at once.
      .send(Readable.from(csv(), { highWaterMark: 1 }));
    },
  );
};
