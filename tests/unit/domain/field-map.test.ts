import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../../src/domain/form-document';
import { incompatibility, isCompatible, matchPicklistOption } from '../../../src/domain/field-map/compatibility';
import { importFieldMap } from '../../../src/domain/field-map/import';
import { fieldDisplayName, localFieldsOf, type ExternalField, type FieldMapRow, type LocalField } from '../../../src/domain/field-map/rows';
import { validateFieldMap } from '../../../src/domain/field-map/validate';
import { FIELD_MAP_MESSAGES } from '../../../src/domain/field-map/messages';
import { input } from '../../fixtures/form-factories';

const local = (id: string, type: LocalField['type'], required = false, options: string[] = []): LocalField => ({
  id,
  name: id.toUpperCase(),
  type,
  required,
  options: options.map((text, index) => ({ id: `${id}-o${index}`, text })),
});
const inputs: LocalField[] = [
  local('name', 'textInput', true),
  local('notes', 'textarea'),
  local('email', 'email'),
  local('phone', 'phoneNumber'),
  local('age', 'integer'),
  local('area', 'dropdown', true, ['Family', 'Injury']),
  local('agree', 'checkbox', false, ['I agree']),
];
const externalFields: ExternalField[] = [
  { id: 'f-first', name: 'First Name', type: 'text', required: true },
  { id: 'f-desc', name: 'Description', type: 'text_area', required: false },
  { id: 'f-email', name: 'Email', type: 'email', required: false },
  { id: 'f-area', name: 'Practice Area', type: 'picklist', required: false, options: [{ id: 'p1', text: 'family ' }, { id: 'p2', text: 'Injury' }, { id: 'p3', text: 'Estate' }] },
  { id: 'f-budget', name: 'Budget', type: 'currency', required: false },
];
const context = { inputs, externalFields };

const side = (field: LocalField | ExternalField) => ({ id: field.id, name: field.name, type: field.type, required: field.required });
const L = (id: string) => side(inputs.find((field) => field.id === id)!);
const F = (id: string) => side(externalFields.find((field) => field.id === id)!);
/** A valid map: every required external field mapped onto a required input. */
const validRows = (): FieldMapRow[] => [
  { id: 'r1', local: L('name'), foreign: F('f-first') },
  { id: 'r2', local: L('notes'), foreign: F('f-desc') },
];

describe('validateFieldMap (spec §5, saving)', () => {
  it('accepts a complete map: no errors, rows as they were', () => {
    expect(validateFieldMap(validRows(), context)).toEqual({ rows: validRows(), issues: [], valid: true });
  });

  it("a row with only a local side gets 'Please select a field' on the foreign side, and the other way round", () => {
    const result = validateFieldMap([...validRows(), { id: 'r3', local: L('email'), foreign: null }, { id: 'r4', local: null, foreign: F('f-email') }], context);
    expect(result.valid).toBe(false);
    expect(result.rows[2]).toEqual({ id: 'r3', local: L('email'), foreign: { id: '', name: '', type: '', required: false, error: 'Please select a field' } });
    expect(result.rows[3]).toEqual({ id: 'r4', local: { id: '', name: '', type: '', required: false, error: 'Please select a field' }, foreign: F('f-email') });
    expect(result.issues).toEqual([
      { rowId: 'r3', side: 'foreign', message: 'Please select a field' },
      { rowId: 'r4', side: 'local', message: 'Please select a field' },
    ]);
  });

  it('a required row needs both sides, even when neither is chosen', () => {
    const placeholder = { ...F('f-first'), id: '' };
    const result = validateFieldMap([{ id: 'r1', local: null, foreign: placeholder }, validRows()[1]], context);
    expect(result.rows[0].local?.error).toBe('Please select a field');
    expect(result.rows[0].foreign).toEqual({ ...placeholder, error: 'Please select a field' });
  });

  it('accepts a map that maps nothing yet (a record type chosen, no rows): it pushes nothing', () => {
    expect(validateFieldMap([], context)).toEqual({ rows: [], issues: [], valid: true });
    expect(validateFieldMap([{ id: 'empty', local: null, foreign: null }], context)).toEqual({ rows: [], issues: [], valid: true });
  });

  it('drops rows with neither side, and saves nothing else differently', () => {
    const result = validateFieldMap([{ id: 'empty', local: null, foreign: null }, ...validRows(), { id: 'blank', local: { id: '', name: '', type: '', required: false }, foreign: null }], context);
    expect(result).toEqual({ rows: validRows(), issues: [], valid: true });
  });

  it("a required external field on an input not required on the published form: the required-field error on the local side", () => {
    const result = validateFieldMap([{ id: 'r1', local: L('notes'), foreign: F('f-first') }], context);
    expect(result.rows[0].local?.error).toBe('This field must be marked as Required on the published form');
    expect(result.rows[0].foreign?.error).toBeUndefined();
    expect(result.valid).toBe(false);
  });

  it('judges required-ness by the fields as they stand, not by what the row claims', () => {
    const claimsRequired = { ...L('notes'), required: true };
    const claimsOptional = { ...F('f-first'), required: false };
    expect(validateFieldMap([{ id: 'r1', local: claimsRequired, foreign: claimsOptional }], context).rows[0].local?.error).toBe(
      'This field must be marked as Required on the published form',
    );
  });

  it('appends a required row for a required external field the map lacks, blocking the save', () => {
    const result = validateFieldMap([validRows()[1]], context);
    expect(result.valid).toBe(false);
    expect(result.rows[1]).toEqual({ id: 'required:f-first', local: { id: '', name: '', type: '', required: false, error: 'Please select a field' }, foreign: F('f-first') });
  });

  it('a saved side whose field is gone gets the deleted-field errors', () => {
    const result = validateFieldMap(
      [
        { id: 'r1', local: { ...L('name'), id: 'gone-input' }, foreign: F('f-first') },
        { id: 'r2', local: L('notes'), foreign: { id: 'gone-field', name: 'Old', type: 'text', required: false } },
        { id: 'r3', local: L('email'), foreign: { id: 'gone-required', name: 'Old required', type: 'text', required: true } },
      ],
      context,
    );
    expect(result.rows.map((row) => [row.local?.error, row.foreign?.error])).toEqual([
      ['Field no longer exists on this form. Select a new field and save.', undefined],
      [undefined, 'Field no longer exists on this integration. Select a new field and save'],
      [undefined, 'Required field no longer exists on this integration, contact support'],
    ]);
  });

  it('refuses an incompatible pair on the foreign side, and a second row writing the same field', () => {
    const result = validateFieldMap(
      [...validRows(), { id: 'r3', local: L('age'), foreign: F('f-email') }, { id: 'r4', local: L('email'), foreign: F('f-desc') }],
      context,
    );
    expect(result.rows[2].foreign?.error).toBe('This field cannot take answers of type Integer');
    expect(result.rows[3].foreign?.error).toBe('This field is already mapped in another row');
  });

  it('ignores errors a client sent and recomputes them', () => {
    const rows = validRows().map((row) => ({ ...row, local: { ...row.local!, error: 'stale' } }));
    expect(validateFieldMap(rows, context)).toEqual({ rows: validRows(), issues: [], valid: true });
  });

  describe('without a field list (none fetched yet)', () => {
    const unknown = { inputs, externalFields: null };
    it('takes foreign sides as sent and judges the local side and one-sidedness', () => {
      const sent = { id: 'anything', name: 'Remote', type: 'whatever', required: false };
      expect(validateFieldMap([{ id: 'r1', local: L('email'), foreign: sent }], unknown)).toEqual({ rows: [{ id: 'r1', local: L('email'), foreign: sent }], issues: [], valid: true });
      const result = validateFieldMap([{ id: 'r1', local: { ...L('email'), id: 'gone' }, foreign: sent }, { id: 'r2', local: L('age'), foreign: null }], unknown);
      expect(result.issues.map((issue) => [issue.rowId, issue.side, issue.message])).toEqual([
        ['r1', 'local', FIELD_MAP_MESSAGES.inputDeleted],
        ['r2', 'foreign', FIELD_MAP_MESSAGES.selectField],
      ]);
    });
    it('trusts a foreign side that says it is required (the check can only get stricter)', () => {
      const result = validateFieldMap([{ id: 'r1', local: L('email'), foreign: { id: 'x', name: 'X', type: 'text', required: true } }], unknown);
      expect(result.rows[0].local?.error).toBe(FIELD_MAP_MESSAGES.mustBeRequired);
    });
  });
});

describe('importFieldMap (spec §5, opening a saved map)', () => {
  it('opens a map whose fields all exist unchanged', () => {
    expect(importFieldMap(validRows(), inputs, externalFields)).toEqual(validRows());
  });

  it('marks a deleted form input and deleted external fields, required or not, keeping the saved names', () => {
    const saved: FieldMapRow[] = [
      { id: 'r1', local: { id: 'deleted-input', name: 'Old input', type: 'textInput', required: true }, foreign: F('f-first') },
      { id: 'r2', local: L('notes'), foreign: { id: 'deleted-field', name: 'Old field', type: 'text', required: false } },
      { id: 'r3', local: L('email'), foreign: { id: 'deleted-required', name: 'Old required', type: 'text', required: true } },
    ];
    expect(importFieldMap(saved, inputs, externalFields)).toEqual([
      { id: 'r1', local: { id: 'deleted-input', name: 'Old input', type: 'textInput', required: true, error: 'Field no longer exists on this form. Select a new field and save.' }, foreign: F('f-first') },
      { id: 'r2', local: L('notes'), foreign: { id: 'deleted-field', name: 'Old field', type: 'text', required: false, error: 'Field no longer exists on this integration. Select a new field and save' } },
      { id: 'r3', local: L('email'), foreign: { id: 'deleted-required', name: 'Old required', type: 'text', required: true, error: 'Required field no longer exists on this integration, contact support' } },
    ]);
  });

  it('adds a required row for each required external field the map lacks', () => {
    const newlyRequired = { id: 'f-matter', name: 'Matter', type: 'text', required: true };
    expect(importFieldMap([validRows()[1]], inputs, [...externalFields, newlyRequired])).toEqual([
      validRows()[1],
      { id: 'required:f-first', local: null, foreign: F('f-first') },
      { id: 'required:f-matter', local: null, foreign: newlyRequired },
    ]);
  });

  it('shows fields as they stand now (renamed, newly required) and drops errors saved with the rows', () => {
    const renamed = inputs.map((field) => (field.id === 'notes' ? { ...field, name: 'Case notes', required: true } : field));
    const saved = [{ ...validRows()[1], foreign: { ...F('f-desc'), error: 'old' } }, validRows()[0]];
    expect(importFieldMap(saved, renamed, externalFields)[0]).toEqual({ id: 'r2', local: { id: 'notes', name: 'Case notes', type: 'textarea', required: true }, foreign: F('f-desc') });
  });
});

describe("'Unnamed Field' (spec §9)", () => {
  it('labels a field without a name', () => {
    expect(fieldDisplayName({ name: '' })).toBe('Unnamed Field');
    expect(fieldDisplayName({ name: '   ' })).toBe('Unnamed Field');
    expect(fieldDisplayName({ name: 'Email' })).toBe('Email');
  });
});

describe('localFieldsOf', () => {
  it('lists every input of the published document in order, inside sections too', () => {
    const document: FormDocument = [
      { type: 'page', id: 'p1', title: 'One', children: [input('a', 'p1', { required: true }), { type: 'section', id: 's', parentId: 'p1', title: '', description: '', collapsible: false, collapsed: false, children: [input('b', 's', { subtype: 'integer', label: '' })] }] },
      { type: 'page', id: 'p2', title: 'Two', children: [{ type: 'presentation', subtype: 'heading', id: 'h', parentId: 'p2', content: '<h1>x</h1>' }] },
    ];
    expect(localFieldsOf(document)).toEqual([
      { id: 'a', name: 'a', type: 'textInput', required: true, options: [] },
      { id: 'b', name: '', type: 'integer', required: false, options: [] },
    ]);
  });
});

describe('type compatibility', () => {
  const field = (type: string, extra: Partial<ExternalField> = {}): ExternalField => ({ id: type, name: type, type, required: false, ...extra });
  const accepts = (input: LocalField) =>
    ['text', 'text_line', 'textarea', 'text_area', 'email', 'phone', 'numeric', 'currency', 'picklist', 'checkbox', 'date', 'url', 'contact'].filter((type) => isCompatible(input, field(type)));

  it.each([
    ['textInput', [], ['text', 'text_line', 'textarea', 'text_area']],
    ['textarea', [], ['text', 'text_line', 'textarea', 'text_area']],
    ['email', [], ['text', 'text_line', 'textarea', 'text_area', 'email']],
    ['phoneNumber', [], ['text', 'text_line', 'textarea', 'text_area', 'phone']],
    ['integer', [], ['text', 'text_line', 'textarea', 'text_area', 'numeric', 'currency']],
    ['radio', ['A'], ['text', 'text_line', 'textarea', 'text_area', 'picklist']],
    ['dropdown', ['A'], ['text', 'text_line', 'textarea', 'text_area', 'picklist']],
    ['checkbox', ['I agree'], ['text', 'text_line', 'textarea', 'text_area', 'checkbox']],
    ['checkbox', ['A', 'B'], ['text', 'text_line', 'textarea', 'text_area']],
  ] as const)('%s (options %j) fills %j', (type, options, expected) => {
    expect(accepts(local('x', type, false, [...options]))).toEqual(expected);
  });

  it('maps choices onto a picklist by option text, ignoring case and surrounding spaces', () => {
    const area = inputs.find((input) => input.id === 'area')!;
    const picklist = externalFields.find((f) => f.id === 'f-area')!;
    expect(incompatibility(area, picklist)).toBeNull();
    expect(incompatibility({ ...area, options: [...area.options, { id: 'x', text: 'Other' }, { id: 'y', text: 'Tax' }] }, picklist)).toBe('This picklist has no option for: Other, Tax');
    // A picklist whose options the adapter did not give is judged by type only.
    expect(incompatibility(area, { ...picklist, options: undefined })).toBeNull();
    expect(matchPicklistOption(' FAMILY', picklist.options!)).toEqual({ id: 'p1', text: 'family ' });
    expect(matchPicklistOption('Probate', picklist.options!)).toBeUndefined();
  });

  it('names the reason', () => {
    expect(incompatibility(local('x', 'radio', false, ['A']), field('numeric'))).toBe('This field cannot take answers of type Multiple Choice');
    expect(incompatibility(local('x', 'checkbox', false, ['A', 'B']), field('checkbox'))).toBe('Only a Checkbox input with a single option can fill a checkbox field');
  });
});
