/**
 * The stand-in's data, in Clio's own field names so tests can read what a push created (`standIn.store.contacts`).
 * Records keep what Clio would; answers are projected from them by the `fields=` selection (clio-fields.ts).
 */

type CustomFieldType =
  | 'checkbox'
  | 'contact'
  | 'currency'
  | 'date'
  | 'time'
  | 'email'
  | 'matter'
  | 'numeric'
  | 'picklist'
  | 'text_area'
  | 'text_line'
  | 'url';

interface PicklistOption {
  id: number;
  option: string;
  deleted_at: string | null;
}

export interface CustomField {
  id: number;
  name: string;
  parent_type: 'Contact' | 'Matter';
  field_type: CustomFieldType;
  displayed: boolean;
  deleted: boolean;
  required: boolean;
  display_order: number;
  picklist_options: PicklistOption[];
  created_at: string;
  updated_at: string;
}

export interface CustomFieldValue {
  id: string;
  custom_field: { id: number };
  value: string;
  picklist_option: { id: number } | null;
}

export interface Contact {
  id: number;
  type: 'Person' | 'Company';
  name: string;
  first_name: string | null;
  last_name: string | null;
  email_addresses: { id: number; address: string; name: string; primary: boolean }[];
  phone_numbers: { id: number; number: string; name: string; primary: boolean }[];
  custom_field_values: CustomFieldValue[];
  created_at: string;
  updated_at: string;
}

export interface Matter {
  id: number;
  number: number;
  display_number: string;
  description: string;
  status: 'Pending' | 'Open' | 'Closed';
  client_id: number;
  practice_area_id: number | null;
  custom_field_values: CustomFieldValue[];
  created_at: string;
  updated_at: string;
}

export interface Note {
  id: number;
  type: 'Matter' | 'Contact';
  subject: string;
  detail: string;
  matter_id: number | null;
  contact_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface PracticeArea {
  id: number;
  name: string;
  code: string;
  created_at: string;
  updated_at: string;
}

interface ClioUser {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  enabled: boolean;
  subscription_type: 'Attorney' | 'NonAttorney';
  created_at: string;
  updated_at: string;
}

export interface ClioStore {
  user: ClioUser;
  contacts: Contact[];
  matters: Matter[];
  notes: Note[];
  practiceAreas: PracticeArea[];
  customFields: CustomField[];
}

const SEEDED_AT = '2024-01-15T09:00:00Z';

const practiceAreaNames = [
  'Bankruptcy',
  'Business Law',
  'Criminal Defense',
  'Employment',
  'Estate Planning',
  'Family Law',
  'Immigration',
  'Medical Malpractice',
  'Personal Injury',
  'Real Estate',
  'Tax',
  "Workers' Compensation",
];

/** Named fields a firm would really have (every type the field map handles, a deleted option, a deleted field). */
function namedCustomFields(nextOptionId: () => number): Omit<CustomField, 'id' | 'display_order' | 'created_at' | 'updated_at'>[] {
  const options = (...names: string[]): PicklistOption[] => names.map((option) => ({ id: nextOptionId(), option, deleted_at: null }));
  const referral = options('Web search', 'Referral from a client', 'Referral from a lawyer', 'Advertising', 'Yellow pages');
  referral[4].deleted_at = '2024-03-01T12:00:00Z';
  const base = { displayed: true, deleted: false, required: false };
  return [
    { ...base, name: 'Referral source', parent_type: 'Matter', field_type: 'picklist', picklist_options: referral },
    { ...base, name: 'Date of incident', parent_type: 'Matter', field_type: 'date', picklist_options: [] },
    { ...base, name: 'Estimated case value', parent_type: 'Matter', field_type: 'numeric', picklist_options: [] },
    { ...base, name: 'Opposing party', parent_type: 'Matter', field_type: 'text_line', picklist_options: [] },
    { ...base, name: 'Incident description', parent_type: 'Matter', field_type: 'text_area', picklist_options: [] },
    { ...base, name: 'Police report filed', parent_type: 'Matter', field_type: 'checkbox', picklist_options: [] },
    {
      ...base,
      name: 'Preferred contact time',
      parent_type: 'Contact',
      field_type: 'picklist',
      picklist_options: options('Morning', 'Afternoon', 'Evening'),
    },
    { ...base, name: 'Marketing consent', parent_type: 'Contact', field_type: 'checkbox', picklist_options: [] },
    { ...base, name: 'Alternate email', parent_type: 'Contact', field_type: 'email', picklist_options: [] },
    { ...base, name: 'Website', parent_type: 'Contact', field_type: 'url', picklist_options: [] },
    { ...base, name: 'Old intake code', parent_type: 'Matter', field_type: 'text_line', picklist_options: [], deleted: true },
  ];
}

const fillerTypes: CustomFieldType[] = ['text_line', 'text_area', 'numeric', 'checkbox', 'date', 'picklist', 'email'];

/**
 * A fresh store. `customFieldCount` (default 240) pads the named fields with generated ones so that listing them needs
 * more than one page at Clio's maximum page size of 200, as a real firm's list often does.
 */
export function seedClioStore(customFieldCount = 240): ClioStore {
  let optionId = 9000;
  const nextOptionId = () => ++optionId;
  const named = namedCustomFields(nextOptionId);
  const fields: CustomField[] = named.map((field, index) => ({
    ...field,
    id: 100 + index,
    display_order: index,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  }));
  for (let n = fields.length; n < customFieldCount; n++) {
    const fieldType = fillerTypes[n % fillerTypes.length];
    fields.push({
      id: 100 + n,
      name: `Intake question ${String(n + 1).padStart(3, '0')}`,
      parent_type: n % 2 === 0 ? 'Matter' : 'Contact',
      field_type: fieldType,
      displayed: true,
      deleted: false,
      required: false,
      display_order: n,
      picklist_options:
        fieldType === 'picklist' ? ['Yes', 'No', 'Unsure'].map((option) => ({ id: nextOptionId(), option, deleted_at: null })) : [],
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    });
  }
  return {
    user: {
      id: 344_000_001,
      name: 'Avery Counsel',
      first_name: 'Avery',
      last_name: 'Counsel',
      email: 'avery.counsel@example-law.test',
      enabled: true,
      subscription_type: 'Attorney',
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    },
    contacts: [],
    matters: [],
    notes: [],
    practiceAreas: practiceAreaNames.map((name, index) => ({
      id: 5000 + index,
      name,
      code: name.replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase(),
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    })),
    customFields: fields,
  };
}
