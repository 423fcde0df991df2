/**
 * Spec §5, saving a field map: the rows as they will be saved, each side carrying its error. Any error blocks saving.
 * The editor runs it before sending; the server runs it again on what it receives and answers 400 with the errors.
 */
import { FIELD_MAP_MESSAGES } from './messages';
import { incompatibility } from './compatibility';
import {
  isChosen,
  isRequiredRow,
  missingRequiredRows,
  sideOf,
  withError,
  type ExternalField,
  type FieldMapRow,
  type FieldMapSide,
  type FieldMapSideName,
  type LocalField,
} from './rows';

export interface FieldMapContext {
  /** The inputs of the form as PUBLISHED (spec §5): a draft's inputs do not exist for a respondent. */
  inputs: readonly LocalField[];
  /**
   * The record type's fields, or null while none are known (no adapter has fetched them): then the foreign sides are
   * taken as sent, and only what needs no field list is judged (one-sidedness, the local side, the sent `required`).
   */
  externalFields: readonly ExternalField[] | null;
}

interface FieldMapIssue {
  rowId: string;
  side: FieldMapSideName;
  message: string;
}

export interface FieldMapValidation {
  /** Rows with neither side dropped, required rows the map lacks appended, sides as their fields stand now. */
  rows: FieldMapRow[];
  issues: FieldMapIssue[];
  valid: boolean;
}

/** A kept row's unchosen side always has an error: it becomes an empty side carrying it, shown under the empty picker. */
const judgedSide = (side: FieldMapSide | null, error: string | undefined): FieldMapSide =>
  isChosen(side) ? withError(side, error) : withError(side ?? { id: '', name: '', type: '', required: false }, error ?? FIELD_MAP_MESSAGES.selectField);

export function validateFieldMap(rows: readonly FieldMapRow[], context: FieldMapContext): FieldMapValidation {
  const inputs = new Map(context.inputs.map((field) => [field.id, field]));
  const externals = context.externalFields && new Map(context.externalFields.map((field) => [field.id, field]));
  const mappedForeign = new Set<string>();
  const judged: FieldMapRow[] = [];

  // A map that maps nothing is a record type chosen and not yet set up (the stepper's shell): it pushes nothing, so
  // it may be saved; once it maps anything, every required field needs its row.
  const mapsSomething = rows.some((row) => isChosen(row.local) || isChosen(row.foreign));
  const added = context.externalFields && mapsSomething ? missingRequiredRows(rows, context.externalFields) : [];
  for (const row of [...rows, ...added]) {
    const localField = isChosen(row.local) ? inputs.get(row.local.id) : undefined;
    const foreignField = isChosen(row.foreign) && externals ? externals.get(row.foreign.id) : undefined;
    const local = localField ? sideOf(localField) : row.local;
    const foreign = foreignField ? sideOf(foreignField) : row.foreign;
    const required = isRequiredRow({ ...row, foreign });
    if (!isChosen(local) && !isChosen(foreign) && !required) continue;

    let localError: string | undefined;
    let foreignError: string | undefined;
    if (!isChosen(local)) localError = FIELD_MAP_MESSAGES.selectField;
    else if (!localField) localError = FIELD_MAP_MESSAGES.inputDeleted;
    if (!isChosen(foreign)) foreignError = FIELD_MAP_MESSAGES.selectField;
    else if (externals && !foreignField) foreignError = foreign.required ? FIELD_MAP_MESSAGES.requiredForeignDeleted : FIELD_MAP_MESSAGES.foreignDeleted;

    if (localField && isChosen(foreign) && foreignError === undefined) {
      if (foreign.required && !localField.required) localError = FIELD_MAP_MESSAGES.mustBeRequired;
      if (foreignField) foreignError = incompatibility(localField, foreignField) ?? undefined;
    }
    if (isChosen(foreign)) {
      // Two rows writing one external field would make a push's result depend on row order.
      if (mappedForeign.has(foreign.id)) foreignError ??= FIELD_MAP_MESSAGES.duplicateForeign;
      mappedForeign.add(foreign.id);
    }

    judged.push({
      id: row.id,
      local: judgedSide(local, localError),
      foreign: judgedSide(foreign, foreignError),
    });
  }

  const issues = judged.flatMap((row) =>
    (['local', 'foreign'] as const).flatMap((side) => {
      const message = row[side]?.error;
      return message === undefined ? [] : [{ rowId: row.id, side, message }];
    }),
  );
  return { rows: judged, issues, valid: issues.length === 0 };
}
