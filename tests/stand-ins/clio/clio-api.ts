import { createHash } from 'node:crypto';
import { InvalidFields, parseFields, project } from './clio-fields.js';
import type { ClioStore, Contact, CustomField, CustomFieldValue, Matter, Note, PracticeArea } from './clio-store.js';

/**
 * The `/api/v4` operations the stand-in answers, keyed by the OpenAPI document's operationId, with the rules Clio
 * applies beyond the document (validation answered 422, cursor paging, search). Everything here works on plain
 * values; HTTP, auth, rate limits and the contract check are in clio-stand-in.ts.
 */

export interface ApiCall {
  operationId: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  /** The request URL without its query, for `meta.paging.next`. */
  url: string;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Parameters and body keys the document allows that the stand-in does not model: using one is reported, not ignored. */
export class Unimplemented extends Error {}

const MAX_LIMIT = 200;

/** Every operation `route` answers, for compiling their validators ahead of a bench. */
export const IMPLEMENTED_OPERATIONS = [
  'User#who_am_i',
  'Contact#index',
  'Contact#show',
  'Contact#create',
  'Matter#index',
  'Matter#show',
  'Matter#create',
  'Note#index',
  'Note#create',
  'PracticeArea#index',
  'CustomField#index',
  'CustomField#show',
];

const apiError = (status: number, type: string, message: string): ApiAnswer => ({ status, body: { error: { type, message } } });
const unprocessable = (message: string) => apiError(422, 'UnprocessableEntity', message);
const badRequest = (message: string) => apiError(400, 'BadRequest', message);

function etag(id: number | string, updatedAt: string): string {
  return `"${createHash('sha1').update(`${id}:${updatedAt}`).digest('hex').slice(0, 32)}"`;
}

type View = Record<string, unknown>;

function customFieldView(field: CustomField): View {
  return {
    id: field.id,
    etag: etag(field.id, field.updated_at),
    name: field.name,
    parent_type: field.parent_type,
    field_type: field.field_type,
    displayed: field.displayed,
    deleted: field.deleted,
    required: field.required,
    display_order: field.display_order,
    picklist_options: field.picklist_options.map((o) => ({
      id: o.id,
      etag: etag(o.id, field.updated_at),
      option: o.option,
      deleted_at: o.deleted_at ?? undefined,
      created_at: field.created_at,
      updated_at: field.updated_at,
    })),
    created_at: field.created_at,
    updated_at: field.updated_at,
  };
}

function customFieldValueView(store: ClioStore, value: CustomFieldValue, at: string): View {
  const field = store.customFields.find((f) => f.id === value.custom_field.id);
  const option = value.picklist_option ? field?.picklist_options.find((o) => o.id === value.picklist_option?.id) : undefined;
  return {
    id: value.id,
    etag: etag(value.id, at),
    field_name: field?.name,
    field_type: field?.field_type,
    field_required: field?.required,
    field_displayed: field?.displayed,
    field_display_order: field?.display_order,
    value: value.value,
    soft_deleted: field?.deleted ?? true,
    custom_field: field ? customFieldView(field) : undefined,
    picklist_option: option
      ? { id: option.id, etag: etag(option.id, at), option: option.option, deleted_at: option.deleted_at ?? undefined }
      : undefined,
    created_at: at,
    updated_at: at,
  };
}

function contactBaseView(contact: Contact, store: ClioStore): View {
  const primaryEmail = contact.email_addresses.find((e) => e.primary) ?? contact.email_addresses[0];
  const primaryPhone = contact.phone_numbers.find((p) => p.primary) ?? contact.phone_numbers[0];
  return {
    id: contact.id,
    etag: etag(contact.id, contact.updated_at),
    name: contact.name,
    first_name: contact.first_name ?? undefined,
    last_name: contact.last_name ?? undefined,
    type: contact.type,
    primary_email_address: primaryEmail?.address,
    primary_phone_number: primaryPhone?.number,
    is_client: store.matters.some((m) => m.client_id === contact.id),
    created_at: contact.created_at,
    updated_at: contact.updated_at,
  };
}

/**
 * The document lets a request name a phone Work, Home, Mobile, Fax, Pager, Skype or Other, but lets an answer say only
 * Work, Personal or Other; the stand-in answers with the nearest of the three so its own answers stay in contract.
 */
function answeredPhoneName(name: string): string {
  if (name === 'Work') return 'Work';
  return name === 'Home' || name === 'Mobile' ? 'Personal' : 'Other';
}

function contactView(contact: Contact, store: ClioStore): View {
  const at = contact.updated_at;
  return {
    ...contactBaseView(contact, store),
    email_addresses: contact.email_addresses.map((e) => ({ ...e, etag: etag(e.id, at), created_at: at, updated_at: at })),
    phone_numbers: contact.phone_numbers.map((p) => ({ ...p, name: answeredPhoneName(p.name), etag: etag(p.id, at), created_at: at, updated_at: at })),
    custom_field_values: contact.custom_field_values.map((v) => customFieldValueView(store, v, at)),
  };
}

function practiceAreaView(area: PracticeArea): View {
  return { id: area.id, etag: etag(area.id, area.updated_at), name: area.name, code: area.code, created_at: area.created_at, updated_at: area.updated_at };
}

function matterBaseView(matter: Matter): View {
  return {
    id: matter.id,
    etag: etag(matter.id, matter.updated_at),
    number: matter.number,
    display_number: matter.display_number,
    description: matter.description,
    status: matter.status,
    client_id: matter.client_id,
    billable: true,
    open_date: matter.status === 'Open' ? matter.created_at.slice(0, 10) : undefined,
    created_at: matter.created_at,
    updated_at: matter.updated_at,
  };
}

function matterView(matter: Matter, store: ClioStore): View {
  const client = store.contacts.find((c) => c.id === matter.client_id);
  const area = store.practiceAreas.find((a) => a.id === matter.practice_area_id);
  return {
    ...matterBaseView(matter),
    client: client ? contactBaseView(client, store) : undefined,
    practice_area: area ? practiceAreaView(area) : undefined,
    custom_field_values: matter.custom_field_values.map((v) => customFieldValueView(store, v, matter.updated_at)),
  };
}

function noteView(note: Note, store: ClioStore): View {
  const matter = store.matters.find((m) => m.id === note.matter_id);
  const contact = store.contacts.find((c) => c.id === note.contact_id);
  return {
    id: note.id,
    etag: etag(note.id, note.updated_at),
    type: note.type,
    subject: note.subject,
    detail: note.detail,
    detail_text_type: 'plain_text',
    date: note.created_at.slice(0, 10),
    matter: matter ? matterBaseView(matter) : undefined,
    contact: contact ? contactBaseView(contact, store) : undefined,
    created_at: note.created_at,
    updated_at: note.updated_at,
  };
}

function userView(store: ClioStore): View {
  const user = store.user;
  return { ...user, etag: etag(user.id, user.updated_at), account_owner: true };
}

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[value.length - 1] : value);
const many = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function requireSupported(call: ApiCall, supported: string[]): void {
  const unsupported = Object.keys(call.query).filter((name) => !supported.includes(name));
  if (unsupported.length > 0) {
    throw new Unimplemented(`${call.operationId}: the stand-in does not implement query parameter(s) ${unsupported.join(', ')}`);
  }
  const order = one(call.query.order);
  if (order !== undefined && order !== 'id(asc)') throw new Unimplemented(`${call.operationId}: only order=id(asc) is implemented`);
}

function requireBodyKeys(data: Record<string, unknown>, operationId: string, supported: string[]): void {
  const unsupported = Object.keys(data).filter((key) => !supported.includes(key));
  if (unsupported.length > 0) throw new Unimplemented(`${operationId}: the stand-in does not implement data.${unsupported.join(', data.')}`);
}

/** Cursor paging as Clio does it: records in id order, `meta.paging.next` a full URL until the last page. */
function page<T extends { id: number }>(call: ApiCall, records: T[], view: (record: T) => View): ApiAnswer {
  const limitText = one(call.query.limit);
  const limit = limitText === undefined ? MAX_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return badRequest(`limit must be between 1 and ${MAX_LIMIT}`);
  let after = 0;
  const token = one(call.query.page_token);
  if (token !== undefined) {
    const match = /^after:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    if (!match) return badRequest('page_token is invalid');
    after = Number(match[1]);
  }
  const selection = parseFields(one(call.query.fields));
  const sorted = [...records].sort((a, b) => a.id - b.id);
  const rest = sorted.filter((record) => record.id > after);
  const slice = rest.slice(0, limit);
  const paging: { next?: string } = {};
  if (rest.length > limit) {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query)) {
      if (name !== 'page_token') for (const v of many(value)) next.append(name, v);
    }
    next.set('page_token', Buffer.from(`after:${slice[slice.length - 1].id}`).toString('base64url'));
    paging.next = `${call.url}?${next.toString()}`;
  }
  return { status: 200, body: { data: slice.map((record) => project(view(record), selection)), meta: { paging, records: sorted.length } } };
}

function show(call: ApiCall, view: View, status = 200): ApiAnswer {
  return { status, body: { data: project(view, parseFields(one(call.query.fields))) } };
}

const dataOf = (body: unknown): Record<string, unknown> => ((body as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>;

function contains(haystack: (string | null | undefined)[], needle: string): boolean {
  const lower = needle.toLowerCase();
  return haystack.some((text) => text?.toLowerCase().includes(lower));
}

function checkCustomValue(field: CustomField, value: string): string | null {
  switch (field.field_type) {
    case 'numeric':
    case 'currency':
      return /^-?\d+(\.\d+)?$/.test(value) ? null : 'must be a number';
    case 'checkbox':
      return value === 'true' || value === 'false' ? null : 'must be true or false';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'must be a date (YYYY-MM-DD)';
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'must be an email address';
    case 'url':
      return /^https?:\/\/\S+$/.test(value) ? null : 'must be a URL';
    case 'picklist': {
      const option = field.picklist_options.find((o) => String(o.id) === value);
      if (!option) return 'must be the id of one of its picklist options';
      return option.deleted_at ? 'is a deleted picklist option' : null;
    }
    case 'text_line':
    case 'text_area':
    case 'time':
      return null;
    case 'contact':
    case 'matter':
      return /^\d+$/.test(value) ? null : 'must be a record id';
    default:
      field.field_type satisfies never;
      return null;
  }
}

/** Custom field values as Clio checks them on create: the field exists, belongs to this record type, holds a valid value. */
function customValues(store: ClioStore, parentType: 'Contact' | 'Matter', input: unknown, idPrefix: string): CustomFieldValue[] | ApiAnswer {
  const given = (Array.isArray(input) ? input : []) as { value: string; custom_field: { id: number } }[];
  const values: CustomFieldValue[] = [];
  for (const [index, item] of given.entries()) {
    const field = store.customFields.find((f) => f.id === item.custom_field.id);
    if (!field || field.deleted) return unprocessable(`Custom field values custom field ${item.custom_field.id} does not exist`);
    if (field.parent_type !== parentType) return unprocessable(`Custom field values ${field.name} is a ${field.parent_type} field, not a ${parentType} field`);
    if (item.value === '') continue;
    const problem = checkCustomValue(field, item.value);
    if (problem) return unprocessable(`Custom field values ${field.name} ${problem}`);
    values.push({
      id: `${idPrefix}-${index}`,
      custom_field: { id: field.id },
      value: item.value,
      picklist_option: field.field_type === 'picklist' ? { id: Number(item.value) } : null,
    });
  }
  for (const field of store.customFields) {
    if (field.parent_type === parentType && field.required && !field.deleted && !values.some((v) => v.custom_field.id === field.id)) {
      return unprocessable(`Custom field values ${field.name} can't be blank`);
    }
  }
  return values;
}

const nextId = (records: { id: number }[], base: number) => records.reduce((max, r) => Math.max(max, r.id), base) + 1;

function createContact(store: ClioStore, call: ApiCall, now: string): ApiAnswer {
  const data = dataOf(call.body);
  requireBodyKeys(data, call.operationId, ['name', 'type', 'first_name', 'last_name', 'email_addresses', 'phone_numbers', 'custom_field_values']);
  const name = String(data.name ?? '').trim();
  if (!name) return unprocessable("Name can't be blank");
  const emails = (data.email_addresses ?? []) as { address?: string; name?: string; default_email?: boolean }[];
  for (const email of emails) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.address ?? '')) return unprocessable(`Email addresses address ${JSON.stringify(email.address ?? '')} is invalid`);
  }
  const phones = (data.phone_numbers ?? []) as { number?: string; name?: string; default_number?: boolean }[];
  for (const phone of phones) {
    if (!/\d/.test(phone.number ?? '')) return unprocessable(`Phone numbers number ${JSON.stringify(phone.number ?? '')} is invalid`);
  }
  const id = nextId(store.contacts, 70_000_000);
  const values = customValues(store, 'Contact', data.custom_field_values, `contact-${id}`);
  if (!Array.isArray(values)) return values;
  let subId = id * 10;
  const contact: Contact = {
    id,
    type: data.type as Contact['type'],
    name,
    first_name: (data.first_name as string | undefined) ?? null,
    last_name: (data.last_name as string | undefined) ?? null,
    email_addresses: emails.map((e, i) => ({ id: ++subId, address: e.address ?? '', name: e.name ?? 'Other', primary: e.default_email ?? i === 0 })),
    phone_numbers: phones.map((p, i) => ({ id: ++subId, number: p.number ?? '', name: p.name ?? 'Other', primary: p.default_number ?? i === 0 })),
    custom_field_values: values,
    created_at: now,
    updated_at: now,
  };
  store.contacts.push(contact);
  return show(call, contactView(contact, store), 201);
}

function createMatter(store: ClioStore, call: ApiCall, now: string): ApiAnswer {
  const data = dataOf(call.body);
  requireBodyKeys(data, call.operationId, ['client', 'description', 'practice_area', 'custom_field_values', 'status']);
  const clientId = (data.client as { id: number }).id;
  const client = store.contacts.find((c) => c.id === clientId);
  if (!client) return unprocessable(`Client ${clientId} does not exist`);
  const description = String(data.description ?? '').trim();
  if (!description) return unprocessable("Description can't be blank");
  const areaId = (data.practice_area as { id?: number } | undefined)?.id ?? null;
  if (areaId !== null && !store.practiceAreas.some((a) => a.id === areaId)) return unprocessable(`Practice area ${areaId} does not exist`);
  const id = nextId(store.matters, 80_000_000);
  const values = customValues(store, 'Matter', data.custom_field_values, `matter-${id}`);
  if (!Array.isArray(values)) return values;
  const number = store.matters.length + 1;
  const matter: Matter = {
    id,
    number,
    display_number: `${String(number).padStart(5, '0')}-${client.last_name ?? client.name}`,
    description,
    status: (data.status as Matter['status'] | undefined) ?? 'Open',
    client_id: client.id,
    practice_area_id: areaId,
    custom_field_values: values,
    created_at: now,
    updated_at: now,
  };
  store.matters.push(matter);
  return show(call, matterView(matter, store), 201);
}

function createNote(store: ClioStore, call: ApiCall, now: string): ApiAnswer {
  const data = dataOf(call.body);
  requireBodyKeys(data, call.operationId, ['type', 'subject', 'detail', 'matter', 'contact', 'date']);
  const type = data.type as Note['type'];
  const matterId = (data.matter as { id: number } | undefined)?.id ?? null;
  const contactId = (data.contact as { id: number } | undefined)?.id ?? null;
  if (type === 'Matter' && !store.matters.some((m) => m.id === matterId)) return unprocessable(`Matter ${matterId} does not exist`);
  if (type === 'Contact' && !store.contacts.some((c) => c.id === contactId)) return unprocessable(`Contact ${contactId} does not exist`);
  const subject = String(data.subject ?? '').trim();
  if (!subject) return unprocessable("Subject can't be blank");
  const note: Note = {
    id: nextId(store.notes, 90_000_000),
    type,
    subject,
    detail: String(data.detail ?? ''),
    matter_id: type === 'Matter' ? matterId : null,
    contact_id: type === 'Contact' ? contactId : null,
    created_at: now,
    updated_at: now,
  };
  store.notes.push(note);
  return show(call, noteView(note, store), 201);
}

function findById<T extends { id: number }>(records: T[], call: ApiCall): T | undefined {
  return records.find((r) => String(r.id) === call.params.id);
}

export function answerApi(store: ClioStore, call: ApiCall, now: string): ApiAnswer {
  try {
    return route(store, call, now);
  } catch (error) {
    if (error instanceof InvalidFields) return badRequest(error.message);
    throw error;
  }
}

function route(store: ClioStore, call: ApiCall, now: string): ApiAnswer {
  const paging = ['fields', 'limit', 'page_token', 'order'];
  switch (call.operationId) {
    case 'User#who_am_i':
      requireSupported(call, ['fields']);
      return show(call, userView(store));
    case 'Contact#index': {
      requireSupported(call, [...paging, 'query', 'type', 'ids[]']);
      const query = one(call.query.query);
      const type = one(call.query.type);
      const ids = many(call.query['ids[]']);
      const found = store.contacts.filter(
        (c) =>
          (query === undefined ||
            contains([c.name, c.first_name, c.last_name, ...c.email_addresses.map((e) => e.address), ...c.phone_numbers.map((p) => p.number)], query)) &&
          (type === undefined || c.type === type) &&
          (ids.length === 0 || ids.includes(String(c.id))),
      );
      return page(call, found, (c) => contactView(c, store));
    }
    case 'Contact#show': {
      requireSupported(call, ['fields']);
      const contact = findById(store.contacts, call);
      return contact ? show(call, contactView(contact, store)) : apiError(404, 'RecordNotFound', 'Contact not found');
    }
    case 'Contact#create':
      requireSupported(call, ['fields']);
      return createContact(store, call, now);
    case 'Matter#index': {
      requireSupported(call, [...paging, 'client_id', 'query', 'status', 'practice_area_id', 'ids[]']);
      const clientId = one(call.query.client_id);
      const query = one(call.query.query);
      const status = one(call.query.status);
      const areaId = one(call.query.practice_area_id);
      const ids = many(call.query['ids[]']);
      const found = store.matters.filter(
        (m) =>
          (clientId === undefined || String(m.client_id) === clientId) &&
          (query === undefined || contains([m.description, m.display_number], query)) &&
          (status === undefined || status.split(',').map((s) => s.trim().toLowerCase()).includes(m.status.toLowerCase())) &&
          (areaId === undefined || String(m.practice_area_id) === areaId) &&
          (ids.length === 0 || ids.includes(String(m.id))),
      );
      return page(call, found, (m) => matterView(m, store));
    }
    case 'Matter#show': {
      requireSupported(call, ['fields']);
      const matter = findById(store.matters, call);
      return matter ? show(call, matterView(matter, store)) : apiError(404, 'RecordNotFound', 'Matter not found');
    }
    case 'Matter#create':
      requireSupported(call, ['fields']);
      return createMatter(store, call, now);
    case 'Note#index': {
      requireSupported(call, [...paging, 'matter_id', 'contact_id', 'type']);
      const matterId = one(call.query.matter_id);
      const contactId = one(call.query.contact_id);
      const type = one(call.query.type);
      const found = store.notes.filter(
        (n) =>
          (matterId === undefined || String(n.matter_id) === matterId) &&
          (contactId === undefined || String(n.contact_id) === contactId) &&
          (type === undefined || n.type === type),
      );
      return page(call, found, (n) => noteView(n, store));
    }
    case 'Note#create':
      requireSupported(call, ['fields']);
      return createNote(store, call, now);
    case 'PracticeArea#index': {
      requireSupported(call, [...paging, 'name', 'code']);
      const name = one(call.query.name);
      const code = one(call.query.code);
      const found = store.practiceAreas.filter((a) => (name === undefined || a.name === name) && (code === undefined || a.code === code));
      return page(call, found, practiceAreaView);
    }
    case 'CustomField#index': {
      requireSupported(call, [...paging, 'parent_type', 'deleted', 'field_type', 'query']);
      const parentType = one(call.query.parent_type);
      const deleted = one(call.query.deleted);
      const fieldType = one(call.query.field_type);
      const query = one(call.query.query);
      const found = store.customFields.filter(
        (f) =>
          (parentType === undefined || f.parent_type.toLowerCase() === parentType) &&
          (deleted === undefined || String(f.deleted) === deleted) &&
          (fieldType === undefined || f.field_type === fieldType) &&
          (query === undefined || contains([f.name], query)),
      );
      return page(call, found, customFieldView);
    }
    case 'CustomField#show': {
      requireSupported(call, ['fields']);
      const field = findById(store.customFields, call);
      return field ? show(call, customFieldView(field)) : apiError(404, 'RecordNotFound', 'CustomField not found');
    }
    default:
      throw new Unimplemented(`${call.operationId} is in Clio's document but not implemented by the stand-in`);
  }
}
