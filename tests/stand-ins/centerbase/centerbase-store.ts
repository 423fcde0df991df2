import { randomUUID } from 'node:crypto';
import type { FIELD_TYPES } from './centerbase-contract.js';

/** A firm's data in the Centerbase stand-in; tests read what a push created from `standIn.firm().items`. */

export type FieldValue = string | number | boolean | null;

export interface CenterbaseField {
  id: string;
  name: string;
  type: (typeof FIELD_TYPES)[number];
  required: boolean;
  options?: { id: string; text: string }[];
}

interface ItemType {
  id: string;
  name: string;
  /** The fields whose values, joined, make an item's name (Centerbase shows items by name). */
  nameFields: string[];
  fields: CenterbaseField[];
}

export interface Item {
  id: string;
  typeId: string;
  active: boolean;
  values: Record<string, FieldValue>;
  createdAt: string;
}

export interface CenterbaseFirm {
  subdomain: string;
  apiKey: string;
  companyName: string;
  itemTypes: ItemType[];
  items: Item[];
  notes: { id: string; parentId: string; text: string; createdAt: string }[];
  links: { parentId: string; childId: string }[];
}

function field(name: string, type: CenterbaseField['type'], required = false, options?: string[]): CenterbaseField {
  return { id: randomUUID(), name, type, required, ...(options ? { options: options.map((text) => ({ id: randomUUID(), text })) } : {}) };
}

export function seedFirm(subdomain: string, apiKey: string, companyName: string): CenterbaseFirm {
  const contactFields = [
    field('First Name', 'text', true),
    field('Last Name', 'text', true),
    field('Email', 'email'),
    field('Phone', 'phone'),
    field('Date of Birth', 'date'),
    field('Preferred Language', 'picklist', false, ['English', 'Spanish', 'French']),
    field('Marketing Opt-in', 'checkbox'),
    field('Background', 'memo'),
  ];
  const matterFields = [
    field('Matter Name', 'text', true),
    field('Practice Area', 'picklist', true, ['Personal Injury', 'Family Law', 'Estate Planning', 'Criminal Defense', 'Immigration']),
    field('Incident Date', 'date'),
    field('Estimated Value', 'number'),
    field('Description', 'memo'),
  ];
  return {
    subdomain,
    apiKey,
    companyName,
    itemTypes: [
      { id: randomUUID(), name: 'Contact', nameFields: [contactFields[0].id, contactFields[1].id], fields: contactFields },
      { id: randomUUID(), name: 'Matter', nameFields: [matterFields[0].id], fields: matterFields },
    ],
    items: [],
    notes: [],
    links: [],
  };
}

export function itemName(firm: CenterbaseFirm, item: Item): string {
  const type = firm.itemTypes.find((t) => t.id === item.typeId);
  return (type?.nameFields ?? [])
    .map((id) => item.values[id])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join(' ');
}
