import { z } from 'zod';
import { badRequest, HttpError } from '../errors.js';
import { integrationFieldSchema } from '../../src/contract/integrations.js';
import type { FormDocument } from '../../src/domain/form-document.js';
import { fieldDisplayName, localFieldsOf, type FieldMapRow } from '../../src/domain/field-map/rows.js';
import { validateFieldMap } from '../../src/domain/field-map/validate.js';

/**
 * A record type's cached fields, or null while none are known. The column starts as `[]` and no record type has no
 * fields, so an empty list means "not fetched yet" (docs/decisions.md: what a save checks then).
 */
function knownFields(fieldList: unknown) {
  if (fieldList === null) return null;
  const fields = z.array(integrationFieldSchema).safeParse(fieldList);
  // Written by an adapter, not the client: as the field_list route, a failure to load rather than a partial check.
  if (!fields.success) throw new HttpError(502, 'The cached field list of this record type is unreadable; fetch it again.');
  return fields.data.length ? fields.data : null;
}

/**
 * The rows to store, judged by spec §5 against the form as published (the saved template) and the record type's
 * cached fields (`fieldList` null when the map names no record type). Rows with neither side go; sides are stored as
 * their fields stand now, without errors. Any error is a 400 naming each side by the row's index in the request
 * (`conversion_rules.3.local`); a required field with no row is reported under `conversion_rules`.
 */
export function checkedConversionRules(rows: readonly FieldMapRow[], published: FormDocument, fieldList: unknown): FieldMapRow[] {
  const result = validateFieldMap(rows, { inputs: localFieldsOf(published), externalFields: knownFields(fieldList) });
  if (result.valid) return result.rows;

  const indexById = new Map(rows.map((row, index) => [row.id, index]));
  const added = new Map(result.rows.filter((row) => !indexById.has(row.id)).map((row) => [row.id, row]));
  const errors: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const index = indexById.get(issue.rowId);
    const addedRow = added.get(issue.rowId);
    if (index !== undefined) (errors[`conversion_rules.${index}.${issue.side}`] ??= []).push(issue.message);
    else if (addedRow?.foreign && issue.side === 'local') (errors.conversion_rules ??= []).push(`Required field "${fieldDisplayName(addedRow.foreign)}" is not mapped: ${issue.message}`);
    else (errors.conversion_rules ??= []).push(issue.message);
  }
  const [firstKey, [firstMessage]] = Object.entries(errors)[0];
  throw badRequest(`Invalid field map: ${firstKey}: ${firstMessage}`, errors);
}
