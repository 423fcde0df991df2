import { describe, expect, it } from 'vitest';
import { camelCase, snakeCase, toSnakeCaseKeys } from '../../../src/api/case';

describe('snakeCase and camelCase', () => {
  it.each([
    ['internalName', 'internal_name'],
    ['customSubmitMessage', 'custom_submit_message'],
    ['isSpam', 'is_spam'],
    ['id', 'id'],
    ['address2Line', 'address2_line'],
    ['apiID', 'api_id'],
    ['XMLHttpRequest', 'xml_http_request'],
    ['already_snake', 'already_snake'],
  ])('snakeCase(%s) is %s', (input, expected) => {
    expect(snakeCase(input)).toBe(expected);
    // Cached answers must equal fresh ones.
    expect(snakeCase(input)).toBe(expected);
  });

  it.each([
    ['internal_name', 'internalName'],
    ['custom_submit_message', 'customSubmitMessage'],
    ['id', 'id'],
    ['alreadyCamel', 'alreadyCamel'],
    ['line_1', 'line_1'],
  ])('camelCase(%s) is %s', (input, expected) => {
    expect(camelCase(input)).toBe(expected);
    expect(camelCase(input)).toBe(expected);
  });

  it('leaves element ids (UUIDs) as they are', () => {
    const id = '3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b';
    expect(snakeCase(id)).toBe(id);
    expect(camelCase(id)).toBe(id);
  });
});

const jsonForm = [
  { type: 'page', id: 'p1', children: [{ type: 'input', subType: 'textInput', dataName: 'first_name', helpText: '' }] },
];
const jsonConditionalLogic = { conditionMap: { e1: { triggerId: 'x' } }, pageMap: {} };
const jsonFormStyle = { button: { submitTextContent: 'Submit', textColor: '#FFFFFF' } };

describe('toSnakeCaseKeys', () => {
  it('converts nested objects and arrays', () => {
    expect(
      toSnakeCaseKeys({
        displayName: 'A',
        formMappers: [{ integrationApiType: 1, conversionRules: [{ localField: { isRequired: true } }] }],
        nested: { deeperLevel: { evenDeeper: [1, 'twoThree', null] } },
      }),
    ).toEqual({
      display_name: 'A',
      form_mappers: [{ integration_api_type: 1, conversion_rules: [{ local_field: { is_required: true } }] }],
      nested: { deeper_level: { even_deeper: [1, 'twoThree', null] } },
    });
  });

  it('keeps json keys and their contents untouched', () => {
    const body = { customSubmitMessage: 'Thanks', jsonForm, jsonConditionalLogic, jsonFormStyle };
    const converted = toSnakeCaseKeys<Record<string, unknown>>(body);
    expect(converted).toEqual({ custom_submit_message: 'Thanks', jsonForm, jsonConditionalLogic, jsonFormStyle });
    expect(converted.jsonForm).toBe(jsonForm);
    expect(converted.jsonConditionalLogic).toBe(jsonConditionalLogic);
  });

  it('treats json case-insensitively, wherever it is in the key', () => {
    const payload = { innerJSONValue: { keepMe: 1 }, myJson: { keepMe: 2 } };
    expect(toSnakeCaseKeys(payload)).toEqual(payload);
  });

  it('passes FormData, Blob, File, Date, ArrayBuffer and URLSearchParams through untouched', () => {
    const formData = new FormData();
    formData.append('fileName', 'a.csv');
    const blob = new Blob(['x']);
    const file = new File(['x'], 'a.csv');
    const date = new Date(0);
    const buffer = new ArrayBuffer(4);
    const search = new URLSearchParams({ pageSize: '1' });

    expect(toSnakeCaseKeys(formData)).toBe(formData);
    expect([...formData.keys()]).toEqual(['fileName']);
    const converted = toSnakeCaseKeys<Record<string, unknown>>({ theBlob: blob, theFile: file, theDate: date, theBuffer: buffer, theSearch: search });
    expect(converted.the_blob).toBe(blob);
    expect(converted.the_file).toBe(file);
    expect(converted.the_date).toBe(date);
    expect(converted.the_buffer).toBe(buffer);
    expect(converted.the_search).toBe(search);
  });

  it('returns primitives as they are and does not mutate its input', () => {
    expect(toSnakeCaseKeys('someString')).toBe('someString');
    expect(toSnakeCaseKeys(null)).toBeNull();
    expect(toSnakeCaseKeys(undefined)).toBeUndefined();
    const input = { someKey: { otherKey: 1 } };
    toSnakeCaseKeys(input);
    expect(input).toEqual({ someKey: { otherKey: 1 } });
  });

  it('converts objects without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { someKey: 1 });
    expect(toSnakeCaseKeys(bare)).toEqual({ some_key: 1 });
  });
});

describe('toSnakeCaseKeys: answers keyed by input id', () => {
  it('keeps the keys inside `data` as written, converting the keys around it', () => {
    const data = { firstName: 'Ada', client_name: 'B', areas: ['a_support'] };
    const converted = toSnakeCaseKeys<Record<string, unknown>>({ formTemplate: 'f1', data });
    expect(converted).toEqual({ form_template: 'f1', data: { firstName: 'Ada', client_name: 'B', areas: ['a_support'] } });
    expect(converted.data).toBe(data);
  });

  it('passes FormData and Blob through untouched', () => {
    const formData = new FormData();
    const blob = new Blob(['a,b']);
    expect(toSnakeCaseKeys(formData)).toBe(formData);
    expect(toSnakeCaseKeys(blob)).toBe(blob);
  });
});
