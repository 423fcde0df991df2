import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { applyFault, BodyTooLarge, FaultPlan, listenOnLoopback, readBody, sendJson, type Fault } from '../http.js';
import { ENDPOINTS, ERROR_CODES, errorAnswerSchema, type EndpointName } from './centerbase-contract.js';
import { itemName, seedFirm, type CenterbaseField, type CenterbaseFirm, type FieldValue, type Item } from './centerbase-store.js';

/**
 * A Centerbase stand-in on loopback, from Centerbase's documented behaviour (centerbase-contract.ts marks what is
 * assumed): every firm is served under `/{subdomain}/mobile/api.svc/json/{endpoint}`, errors come back in the body
 * as a non-zero `error-code`, with HTTP 200 unless a fault says otherwise, ids are GUIDs and pages hold 1–500 rows.
 * Requests and answers off the contract's schemas are kept in `contractViolations`; close() refuses to pass over them.
 */

interface Violation {
  endpoint: string;
  direction: 'request' | 'response';
  errors: string[];
}

export interface CenterbaseStandIn {
  /** The firms' site, `{subdomain}` a placeholder: like `https://{subdomain}.centerbase.com`. */
  baseUrl: string;
  /** Where the API lives, `{subdomain}` a placeholder: like `https://{subdomain}.centerbase.com/mobile/api.svc/json`. */
  apiBaseUrl: string;
  /** The firm with that subdomain (the first one when omitted). */
  firm(subdomain?: string): CenterbaseFirm;
  /** Every call, oldest first: its HTTP status (0 when none was sent: a dropped or hanging call) and the error code its body carried (null when none). */
  requests: { subdomain: string; endpoint: string; status: number; errorCode: number | null }[];
  contractViolations: Violation[];
  assertNoContractViolations(): void;
  takeContractViolations(): Violation[];
  /** The next `times` calls to an endpoint (login, createitem, …) of any firm suffer `fault`. */
  injectFault(endpoint: EndpointName, fault: Fault, options?: { times?: number }): void;
  /** Every session ends, as after Centerbase's idle timeout: the next call answers the session error code. */
  expireSessions(): void;
  close(): Promise<void>;
}

export interface CenterbaseStandInOptions {
  firms?: { subdomain: string; apiKey: string; companyName: string }[];
  /** A fixed loopback port (default: a free one). */
  port?: number;
}

const MAX_PAGE = 500;
const API_PATH = '/mobile/api.svc/json/';

class CenterbaseError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function valueProblem(field: CenterbaseField, value: FieldValue): string | null {
  if (value === null || value === '') return null;
  switch (field.type) {
    case 'text':
    case 'memo':
      return typeof value === 'string' ? null : 'must be text';
    case 'email':
      return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'must be an email address';
    case 'phone':
      return typeof value === 'string' && /\d/.test(value) ? null : 'must be a phone number';
    case 'date':
      // Centerbase passes dates as strings in UTC.
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'must be a UTC date';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'picklist':
      return typeof value === 'string' && field.options?.some((o) => o.text === value) ? null : `must be one of ${field.options?.map((o) => o.text).join(', ')}`;
    default:
      field.type satisfies never;
      return null;
  }
}

export async function startCenterbaseStandIn(options: CenterbaseStandInOptions = {}): Promise<CenterbaseStandIn> {
  const firms = (options.firms ?? [{ subdomain: 'whitfield-park', apiKey: 'cb-test-api-key', companyName: 'Whitfield & Park LLP' }]).map((f) =>
    seedFirm(f.subdomain, f.apiKey, f.companyName),
  );
  const sessions = new Map<string, CenterbaseFirm>();
  const resultSets = new Map<string, { firm: CenterbaseFirm; typeId: string; itemIds: string[] }>();
  const faults = new FaultPlan();
  const violations: Violation[] = [];
  const requests: CenterbaseStandIn['requests'] = [];
  const recordOf = new WeakMap<ServerResponse, CenterbaseStandIn['requests'][number]>();
  let baseUrl = '';

  const answer = (res: ServerResponse, endpoint: string, schema: z.ZodType, body: Record<string, unknown>, status = 200) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) violations.push({ endpoint, direction: 'response', errors: parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`) });
    const record = recordOf.get(res);
    if (record) record.errorCode = body['error-code'] as number;
    sendJson(res, status, body);
  };
  const fail = (res: ServerResponse, endpoint: string, code: number, message: string, status = 200) =>
    answer(res, endpoint, errorAnswerSchema, { 'error-code': code, 'error-message': message }, status);

  function firmOf(sessionId: string): CenterbaseFirm {
    const firm = sessions.get(sessionId);
    if (!firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session is invalid or has expired. Please log in again.');
    return firm;
  }

  function typeOf(firm: CenterbaseFirm, typeId: string) {
    const type = firm.itemTypes.find((t) => t.id === typeId);
    if (!type) throw new CenterbaseError(ERROR_CODES.notFound, `Item type ${typeId} does not exist`);
    return type;
  }

  function itemOf(firm: CenterbaseFirm, itemId: string): Item {
    const item = firm.items.find((i) => i.id === itemId);
    if (!item) throw new CenterbaseError(ERROR_CODES.notFound, `Item ${itemId} does not exist`);
    return item;
  }

  function checkedValues(firm: CenterbaseFirm, typeId: string, given: { 'field-id': string; value: FieldValue }[]): Record<string, FieldValue> {
    const type = typeOf(firm, typeId);
    const values: Record<string, FieldValue> = {};
    for (const { 'field-id': fieldId, value } of given) {
      const field = type.fields.find((f) => f.id === fieldId);
      if (!field) throw new CenterbaseError(ERROR_CODES.invalidValue, `Field ${fieldId} is not a field of ${type.name}`);
      const problem = valueProblem(field, value);
      if (problem) throw new CenterbaseError(ERROR_CODES.invalidValue, `${field.name} ${problem}`);
      values[fieldId] = value;
    }
    return values;
  }

  function requireFilled(firm: CenterbaseFirm, typeId: string, values: Record<string, FieldValue>): void {
    for (const field of typeOf(firm, typeId).fields) {
      const value = values[field.id];
      if (field.required && (value === undefined || value === null || value === '')) {
        throw new CenterbaseError(ERROR_CODES.requiredMissing, `${field.name} is required`);
      }
    }
  }

  // Each endpoint's work on a request already checked against its schema; a CenterbaseError becomes the body's error.
  const handlers: { [E in EndpointName]: (firm: CenterbaseFirm, request: z.infer<(typeof ENDPOINTS)[E]['request']>) => Record<string, unknown> } = {
    login(firm, request) {
      const ok = 'api-key' in request ? request['api-key'] === firm.apiKey : false;
      if (!ok) throw new CenterbaseError(ERROR_CODES.loginFailed, 'Login failed: the credentials are not valid for this firm');
      const sessionId = randomUUID();
      sessions.set(sessionId, firm);
      return { 'session-id': sessionId, 'company-name': firm.companyName };
    },
    itemtypes(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      return { 'item-types': firm.itemTypes.map((t) => ({ 'item-type-id': t.id, name: t.name })) };
    },
    itemfields(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      const type = typeOf(firm, request['item-type']);
      return {
        fields: type.fields.map((f) => ({
          'field-id': f.id,
          name: f.name,
          type: f.type,
          required: f.required,
          ...(f.options ? { options: f.options.map((o) => ({ 'option-id': o.id, text: o.text })) } : {}),
        })),
      };
    },
    itemexists(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      const type = typeOf(firm, request['item-type']);
      const requested = request['requested-fields'] ?? [];
      for (const fieldId of requested) {
        if (!type.fields.some((f) => f.id === fieldId)) throw new CenterbaseError(ERROR_CODES.invalidValue, `Field ${fieldId} is not a field of ${type.name}`);
      }
      let resultsId = request['results-id'];
      let set;
      if (resultsId !== undefined) {
        // Documented: continuing a result set needs its row total, and a set read to its end is gone.
        if (request['row-total'] === undefined) throw new CenterbaseError(ERROR_CODES.invalidRequest, 'row-total is required with results-id');
        set = resultSets.get(resultsId);
        if (!set || set.firm !== firm) throw new CenterbaseError(ERROR_CODES.notFound, `Results ${resultsId} no longer exist: run the query again`);
      } else {
        const criteria = request.criteria ?? [];
        for (const c of criteria) {
          if (!type.fields.some((f) => f.id === c['field-id'])) throw new CenterbaseError(ERROR_CODES.invalidValue, `Field ${c['field-id']} is not a field of ${type.name}`);
        }
        const status = request['active-status'] ?? 'ACTIVE';
        const matches = (item: Item) => {
          const results = criteria.map((c) => {
            const value = String(item.values[c['field-id']] ?? '').toLowerCase();
            const wanted = c.value.toLowerCase();
            return c.operator === 'Equals' ? value === wanted : value.includes(wanted);
          });
          return request.condition === 'ANY' ? results.length === 0 || results.some(Boolean) : results.every(Boolean);
        };
        const itemIds = firm.items
          .filter((item) => item.typeId === type.id && (status === 'EITHER' || item.active === (status === 'ACTIVE')) && matches(item))
          .map((item) => item.id);
        resultsId = randomUUID();
        set = { firm, typeId: type.id, itemIds };
        resultSets.set(resultsId, set);
      }
      const requestedSize = request['page-size'];
      // Documented: a page size outside 1–500 falls back to 500.
      const size = requestedSize !== undefined && requestedSize >= 1 && requestedSize <= MAX_PAGE ? requestedSize : MAX_PAGE;
      const start = request['start-row'] ?? 1;
      const rows = set.itemIds.slice(start - 1, start - 1 + size);
      if (start - 1 + size >= set.itemIds.length) resultSets.delete(resultsId);
      return {
        'results-id': resultsId,
        'row-total': set.itemIds.length,
        items: rows.map((id) => {
          const item = itemOf(firm, id);
          return { 'item-id': item.id, name: itemName(firm, item), fields: requested.map((fieldId) => ({ 'field-id': fieldId, value: item.values[fieldId] ?? null })) };
        }),
      };
    },
    createitem(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      const values = checkedValues(firm, request['item-type'], request['field-values']);
      requireFilled(firm, request['item-type'], values);
      const item: Item = { id: randomUUID(), typeId: request['item-type'], active: true, values, createdAt: new Date().toISOString() };
      firm.items.push(item);
      return { 'item-id': item.id };
    },
    updateitem(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      const item = itemOf(firm, request['item-id']);
      const merged = { ...item.values, ...checkedValues(firm, item.typeId, request['field-values']) };
      requireFilled(firm, item.typeId, merged);
      item.values = merged;
      return {};
    },
    createnote(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      itemOf(firm, request['parent-id']);
      const note = { id: randomUUID(), parentId: request['parent-id'], text: request['note-text'], createdAt: new Date().toISOString() };
      firm.notes.push(note);
      return { 'item-id': note.id };
    },
    linkitems(firm, request) {
      if (firmOf(request['session-id']) !== firm) throw new CenterbaseError(ERROR_CODES.sessionInvalid, 'The session belongs to another firm');
      itemOf(firm, request['parent-id']);
      itemOf(firm, request['child-id']);
      if (!firm.links.some((l) => l.parentId === request['parent-id'] && l.childId === request['child-id'])) {
        firm.links.push({ parentId: request['parent-id'], childId: request['child-id'] });
      }
      return {};
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const match = /^\/([a-z0-9-]+)\/mobile\/api\.svc\/json\/([a-z]+)$/i.exec(url.pathname);
    const firm = match ? firms.find((f) => f.subdomain === match[1]) : undefined;
    if (!match || !firm) {
      // A real unknown subdomain does not resolve at all; the nearest a loopback server can say is 404.
      sendJson(res, 404, { 'error-code': ERROR_CODES.notFound, 'error-message': `No Centerbase site answers ${url.pathname}` });
      return;
    }
    const endpointName = match[2].toLowerCase();
    const record = { subdomain: firm.subdomain, endpoint: endpointName, status: 0, errorCode: null as number | null };
    requests.push(record);
    recordOf.set(res, record);
    res.on('finish', () => (record.status = res.statusCode));
    const fault = faults.take('ANY', endpointName);
    if (fault) {
      applyFault(fault.kind === 'status' && fault.body === undefined ? { ...fault, body: { 'error-code': fault.status, 'error-message': 'Injected fault' } } : fault, req, res);
      return;
    }
    if (!Object.hasOwn(ENDPOINTS, endpointName)) {
      violations.push({ endpoint: endpointName, direction: 'request', errors: [`no endpoint ${endpointName}`] });
      return fail(res, endpointName, ERROR_CODES.invalidRequest, `Unknown endpoint ${endpointName}`, 404);
    }
    const name = endpointName as EndpointName;
    const endpoint = ENDPOINTS[name];
    if (req.method !== endpoint.method) {
      violations.push({ endpoint: name, direction: 'request', errors: [`${req.method} instead of ${endpoint.method}`] });
      return fail(res, name, ERROR_CODES.invalidRequest, `${name} takes ${endpoint.method}`, 405);
    }
    let input: unknown;
    try {
      input = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw error;
      violations.push({ endpoint: name, direction: 'request', errors: ['the body is not JSON'] });
      return fail(res, name, ERROR_CODES.invalidRequest, 'The request body is not valid JSON');
    }
    const parsed = endpoint.request.safeParse(input);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => `${i.path.join('.') || '/'} ${i.message}`);
      violations.push({ endpoint: name, direction: 'request', errors });
      return fail(res, name, ERROR_CODES.invalidRequest, `Invalid request: ${errors.join('; ')}`);
    }
    try {
      const handler = handlers[name] as (firm: CenterbaseFirm, request: unknown) => Record<string, unknown>;
      const body = handler(firm, parsed.data);
      answer(res, name, endpoint.answer, { 'error-code': ERROR_CODES.ok, 'error-message': null, ...body });
    } catch (error) {
      if (!(error instanceof CenterbaseError)) throw error;
      fail(res, name, error.code, error.message);
    }
  }

  const server = await listenOnLoopback(handle, (error, _req, res) => {
    if (error instanceof BodyTooLarge) {
      if (!res.headersSent) sendJson(res, 413, { 'error-code': ERROR_CODES.invalidRequest, 'error-message': error.message });
      return;
    }
    violations.push({ endpoint: '?', direction: 'response', errors: [`stand-in error: ${String(error)}`] });
    if (!res.headersSent) sendJson(res, 500, { 'error-code': 500, 'error-message': 'stand-in error' });
    else res.destroy();
  }, options.port);
  baseUrl = server.url;

  const format = () => violations.map((v) => `${v.direction} ${v.endpoint}: ${v.errors.join('; ')}`).join('\n');

  return {
    baseUrl: `${server.url}/{subdomain}`,
    apiBaseUrl: `${server.url}/{subdomain}${API_PATH.slice(0, -1)}`,
    firm(subdomain) {
      const firm = subdomain === undefined ? firms[0] : firms.find((f) => f.subdomain === subdomain);
      if (!firm) throw new Error(`the stand-in has no firm ${subdomain}`);
      return firm;
    },
    requests,
    contractViolations: violations,
    assertNoContractViolations() {
      if (violations.length > 0) throw new Error(`The Centerbase stand-in saw ${violations.length} contract violation(s):\n${format()}`);
    },
    takeContractViolations() {
      return violations.splice(0, violations.length);
    },
    injectFault(endpoint, fault, faultOptions) {
      faults.add(endpoint, fault, { times: faultOptions?.times, method: 'ANY' });
    },
    expireSessions() {
      sessions.clear();
    },
    async close() {
      await server.close();
      if (violations.length > 0) throw new Error(`The Centerbase stand-in closed with ${violations.length} unasserted contract violation(s):\n${format()}`);
    },
  };
}
