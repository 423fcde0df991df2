import type { IntegrationField } from '../../../src/contract/integrations.js';

/** The record types a response can become in Clio: a person contact, and a matter with that contact as its client. */
export const CLIO_RECORD_TYPES = [
  { apiType: 'contact', externalKey: 'Contact', name: 'Contact (Person)' },
  { apiType: 'matter', externalKey: 'Matter', name: 'Matter' },
] as const;
export type ClioRecordKey = (typeof CLIO_RECORD_TYPES)[number]['externalKey'];

/** Custom fields are `custom_field:{id}` in field maps; standard fields use the names below. */
export const CUSTOM_FIELD_PREFIX = 'custom_field:';

/**
 * Clio's standard fields a web lead can fill, as Clio names them on a Person contact and a Matter. `required` is what
 * a firm must map: a Person needs a name (a last name is enough). Clio also requires a Matter's description, but the
 * push writes "Web intake: {form name}" when it is not mapped, so mapping it is optional (its client is the contact of
 * the push).
 */
const CONTACT_FIELDS: IntegrationField[] = [
  { id: 'first_name', name: 'First name', type: 'text_line', required: false },
  { id: 'last_name', name: 'Last name', type: 'text_line', required: true },
  { id: 'middle_name', name: 'Middle name', type: 'text_line', required: false },
  { id: 'prefix', name: 'Prefix', type: 'text_line', required: false },
  { id: 'title', name: 'Title', type: 'text_line', required: false },
  { id: 'email', name: 'Email', type: 'email', required: false },
  { id: 'phone', name: 'Phone number', type: 'phone', required: false },
  { id: 'address.street', name: 'Address: street', type: 'text_area', required: false },
  { id: 'address.city', name: 'Address: city', type: 'text_line', required: false },
  { id: 'address.province', name: 'Address: state or province', type: 'text_line', required: false },
  { id: 'address.postal_code', name: 'Address: postal code', type: 'text_line', required: false },
  { id: 'address.country', name: 'Address: country', type: 'text_line', required: false },
  { id: 'date_of_birth', name: 'Date of birth', type: 'date', required: false },
];

const MATTER_FIELDS: IntegrationField[] = [
  { id: 'description', name: 'Description', type: 'text_area', required: false },
  { id: 'client_reference', name: 'Client reference', type: 'text_line', required: false },
  { id: 'location', name: 'Location', type: 'text_line', required: false },
];

interface ClioCustomField {
  id?: unknown;
  name?: unknown;
  field_type?: unknown;
  required?: unknown;
  deleted?: unknown;
  picklist_options?: { id?: unknown; option?: unknown; deleted_at?: unknown }[];
}

/** One custom field of Clio's `custom_fields.json` as a field-map field; picklist options keep their ids. */
function customField(field: ClioCustomField): IntegrationField | null {
  if (typeof field.id !== 'number' && typeof field.id !== 'string') return null;
  if (field.deleted === true) return null;
  const options = (field.picklist_options ?? [])
    .filter((option) => !option.deleted_at && (typeof option.id === 'number' || typeof option.id === 'string') && typeof option.option === 'string')
    .map((option) => ({ id: String(option.id), text: String(option.option) }));
  return {
    id: `${CUSTOM_FIELD_PREFIX}${field.id}`,
    name: typeof field.name === 'string' ? field.name : '',
    type: typeof field.field_type === 'string' ? field.field_type : 'text_line',
    required: field.required === true,
    ...(field.field_type === 'picklist' ? { options } : {}),
  };
}

/** Standard fields of the record type, then its custom fields (practice areas as the Matter's picklist). */
export function clioFieldList(recordType: ClioRecordKey, customFields: ClioCustomField[], practiceAreas: { id?: unknown; name?: unknown }[]): IntegrationField[] {
  const custom = customFields.map(customField).filter((field): field is IntegrationField => field !== null);
  if (recordType === 'Contact') return [...CONTACT_FIELDS, ...custom];
  const areas = practiceAreas
    .filter((area) => (typeof area.id === 'number' || typeof area.id === 'string') && typeof area.name === 'string')
    .map((area) => ({ id: String(area.id), text: String(area.name) }));
  return [...MATTER_FIELDS, { id: 'practice_area', name: 'Practice area', type: 'picklist', required: false, options: areas }, ...custom];
}
