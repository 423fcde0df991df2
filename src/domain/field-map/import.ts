/**
 * Spec §5, opening a saved field map: sides whose field disappeared carry the deleted-field errors, the others follow
 * their field as it stands now, and required external fields the map lacks come back as required rows. Nothing is
 * dropped here: the user sees every saved row and fixes it before saving.
 */
import { FIELD_MAP_MESSAGES } from './messages';
import { isChosen, missingRequiredRows, sideOf, withError, type ExternalField, type FieldMapRow, type FieldMapSide, type LocalField } from './rows';

function importedSide(side: FieldMapSide | null, fields: ReadonlyMap<string, LocalField | ExternalField>, deletedError: (saved: FieldMapSide) => string): FieldMapSide | null {
  if (!isChosen(side)) return side && withError(side, undefined);
  const field = fields.get(side.id);
  return field ? sideOf(field) : withError(side, deletedError(side));
}

export function importFieldMap(saved: readonly FieldMapRow[], inputs: readonly LocalField[], externalFields: readonly ExternalField[]): FieldMapRow[] {
  const inputById = new Map(inputs.map((field) => [field.id, field]));
  const externalById = new Map(externalFields.map((field) => [field.id, field]));
  const rows = saved.map((row) => ({
    id: row.id,
    local: importedSide(row.local, inputById, () => FIELD_MAP_MESSAGES.inputDeleted),
    // Whether it was required is known only from the saved side: the field is gone from the list.
    foreign: importedSide(row.foreign, externalById, (side) => (side.required ? FIELD_MAP_MESSAGES.requiredForeignDeleted : FIELD_MAP_MESSAGES.foreignDeleted)),
  }));
  return [...rows, ...missingRequiredRows(rows, externalFields)];
}
