/**
 * A field map's rows (spec §3 "Field map"; INTEGRATIONS.md "Field maps") and the two lists a row picks from: the
 * inputs of the form as published and the fields of the record type. Pure, shared by the editor and the server.
 */
import type { DropdownOption, FormDocument, InputSubtype } from '../form-document';
import { inputsOf } from '../answers';
import { FIELD_MAP_MESSAGES } from './messages';

/** One side of a row: `error` is set by the rules of validate.ts and import.ts, never trusted from a client. */
export interface FieldMapSide {
  id: string;
  name: string;
  type: string;
  required: boolean;
  error?: string;
}

/** `local` is a form input, `foreign` a field of the record type; either may be unchosen (null). */
export interface FieldMapRow {
  id: string;
  local: FieldMapSide | null;
  foreign: FieldMapSide | null;
}

export type FieldMapSideName = 'local' | 'foreign';

/** An input of the published form, as a row's local side can choose it. */
export interface LocalField {
  id: string;
  name: string;
  type: InputSubtype;
  required: boolean;
  options: readonly DropdownOption[];
}

/** A field of a record type as an adapter caches it (`integration_apis.field_list`; `options` for picklists). */
export interface ExternalField {
  id: string;
  name: string;
  type: string;
  required: boolean;
  options?: readonly DropdownOption[];
}

/** Every input of a form document in document order, as a local side can choose it. */
export function localFieldsOf(document: FormDocument): LocalField[] {
  return inputsOf(document).map(({ input }) => ({ id: input.id, name: input.label, type: input.subtype, required: input.required, options: input.options }));
}

/** A side counts as chosen once it names a field; the editor may hold a placeholder side with an empty id. */
export const isChosen = (side: FieldMapSide | null): side is FieldMapSide => side !== null && side.id !== '';

/** Spec §5: a row for a required external field is a required row. */
export const isRequiredRow = (row: FieldMapRow) => row.foreign?.required === true;

/** Spec §9: what a field without a name is shown as. */
export const fieldDisplayName = (side: { name: string }) => side.name.trim() || FIELD_MAP_MESSAGES.unnamedField;

/** A side as it stands in its list now (name, type and required follow the field, not what was saved). */
export const sideOf = (field: LocalField | ExternalField): FieldMapSide => ({ id: field.id, name: field.name, type: field.type, required: field.required });

/** The side with `error` set, or without the key at all when there is none (so an error-free row equals its saved copy). */
export function withError(side: FieldMapSide, error: string | undefined): FieldMapSide {
  const { error: _previous, ...rest } = side;
  return error === undefined ? rest : { ...rest, error };
}

/**
 * The row spec §5 adds for a required external field the map does not hold. Its id is derived from the field, so
 * running the rules twice adds the same row, not a second one.
 */
const requiredRowFor = (field: ExternalField): FieldMapRow => ({ id: `required:${field.id}`, local: null, foreign: sideOf(field) });

/** Required external fields no row maps, as rows to append (spec §5, import). */
export function missingRequiredRows(rows: readonly FieldMapRow[], fields: readonly ExternalField[]): FieldMapRow[] {
  const mapped = new Set(rows.flatMap((row) => (isChosen(row.foreign) ? [row.foreign.id] : [])));
  return fields.filter((field) => field.required && !mapped.has(field.id)).map(requiredRowFor);
}
