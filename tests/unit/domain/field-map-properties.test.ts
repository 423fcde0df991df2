import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFieldMap } from '../../../src/domain/field-map/import';
import { isChosen, type ExternalField, type FieldMapRow, type FieldMapSide, type LocalField } from '../../../src/domain/field-map/rows';
import { validateFieldMap } from '../../../src/domain/field-map/validate';

const inputs: LocalField[] = [
  { id: 'name', name: 'Name', type: 'textInput', required: true, options: [] },
  { id: 'notes', name: '', type: 'textarea', required: false, options: [] },
  { id: 'email', name: 'Email', type: 'email', required: false, options: [] },
  { id: 'age', name: 'Age', type: 'integer', required: true, options: [] },
  { id: 'area', name: 'Area', type: 'radio', required: true, options: [{ id: 'o1', text: 'Family' }, { id: 'o2', text: 'Tax' }] },
];
const externalFields: ExternalField[] = [
  { id: 'first', name: 'First', type: 'text', required: true },
  { id: 'desc', name: 'Description', type: 'textarea', required: false },
  { id: 'mail', name: 'Mail', type: 'email', required: false },
  { id: 'count', name: 'Count', type: 'numeric', required: true },
  { id: 'kind', name: 'Kind', type: 'picklist', required: false, options: [{ id: 'k1', text: 'family' }] },
];

/** Sides naming existing fields, vanished ones, placeholders (empty id), with any claims and stale errors. */
const sideArb = (ids: string[]): fc.Arbitrary<FieldMapSide | null> =>
  fc.option(
    fc.record(
      { id: fc.constantFrom(...ids, 'vanished', ''), name: fc.constantFrom('', 'Claimed'), type: fc.constantFrom('text', 'email', 'textInput'), required: fc.boolean(), error: fc.constantFrom('stale', 'Please select a field') },
      { requiredKeys: ['id', 'name', 'type', 'required'] },
    ),
    { freq: 3 },
  );
const rowsArb: fc.Arbitrary<FieldMapRow[]> = fc
  .array(fc.record({ local: sideArb(inputs.map((f) => f.id)), foreign: sideArb(externalFields.map((f) => f.id)) }), { maxLength: 8 })
  .map((rows) => rows.map((row, index) => ({ id: `r${index}`, ...row })));
const side = (field: LocalField | ExternalField): FieldMapSide => ({ id: field.id, name: field.name, type: field.type, required: field.required });
const pair = (localId: string, foreignId: string) => ({ local: side(inputs.find((f) => f.id === localId)!), foreign: side(externalFields.find((f) => f.id === foreignId)!) });
/** Maps that are valid by construction: the required fields from required inputs, optional ones at most once each. */
const validMapArb: fc.Arbitrary<FieldMapRow[]> = fc
  .tuple(
    fc.constantFrom(pair('name', 'first'), pair('area', 'first')),
    fc.constant(pair('age', 'count')),
    fc.option(fc.constantFrom(pair('notes', 'desc'), pair('email', 'desc'), pair('age', 'desc')), { nil: undefined }),
    fc.option(fc.constant(pair('email', 'mail')), { nil: undefined }),
  )
  .map((rows) => rows.filter((row) => row !== undefined))
  .chain((rows) => fc.shuffledSubarray(rows, { minLength: rows.length }))
  .map((rows) => rows.map((row, index) => ({ id: `r${index}`, ...row })));
const contextArb = fc.constantFrom({ inputs, externalFields }, { inputs, externalFields: null });

describe('field-map rules: properties', () => {
  it('validating is idempotent', () => {
    fc.assert(
      fc.property(rowsArb, contextArb, (rows, context) => {
        const once = validateFieldMap(rows, context);
        expect(validateFieldMap(once.rows, context)).toEqual(once);
      }),
    );
  });

  it('valid exactly when no side carries an error; a valid map has every row complete and, unless empty, every required field mapped', () => {
    fc.assert(
      fc.property(rowsArb, contextArb, (rows, context) => {
        const result = validateFieldMap(rows, context);
        const sideErrors = result.rows.flatMap((row) => [row.local?.error, row.foreign?.error]).filter((error) => error !== undefined);
        expect(result.valid).toBe(sideErrors.length === 0);
        expect(result.issues).toHaveLength(sideErrors.length);
        if (!result.valid) return;
        for (const row of result.rows) {
          expect(isChosen(row.local) && isChosen(row.foreign)).toBe(true);
          if (row.foreign?.required) expect(row.local?.required).toBe(true);
        }
        if (context.externalFields && result.rows.length) {
          const mapped = new Set(result.rows.map((row) => row.foreign?.id));
          for (const field of context.externalFields.filter((f) => f.required)) expect(mapped.has(field.id)).toBe(true);
        }
      }),
    );
  });

  it('a map saved without errors opens through import unchanged', () => {
    fc.assert(
      fc.property(validMapArb, (rows) => {
        const result = validateFieldMap(rows, { inputs, externalFields });
        expect(result.valid).toBe(true);
        expect(importFieldMap(result.rows, inputs, externalFields)).toEqual(result.rows);
      }),
    );
  });

  it('import keeps every saved row, in order, and leaves no required external field without a row', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const imported = importFieldMap(rows, inputs, externalFields);
        expect(imported.slice(0, rows.length).map((row) => row.id)).toEqual(rows.map((row) => row.id));
        const mapped = new Set(imported.map((row) => row.foreign?.id));
        for (const field of externalFields.filter((f) => f.required)) expect(mapped.has(field.id)).toBe(true);
      }),
    );
  });
});
