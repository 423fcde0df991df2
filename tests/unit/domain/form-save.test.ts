import { describe, expect, it } from 'vitest';
import type { FormSnapshot } from '../../../src/domain/form-compare';
import { DEFAULT_BUTTON_STYLE, defaultFormStyle, emptyConditionalLogic } from '../../../src/domain/form-document';
import type { ConditionalLogic } from '../../../src/domain/form-document';
import { checkFormBeforeSave, formToSave } from '../../../src/domain/form-save';
import { config, rule, sampleDocument, sampleLogic } from './form-fixtures';

function snapshot(overrides: Partial<FormSnapshot> = {}): FormSnapshot {
  return {
    name: 'Intake',
    displayName: 'Client intake',
    description: '',
    customSubmitMessage: '',
    jsonForm: sampleDocument(),
    jsonConditionalLogic: sampleLogic(),
    jsonFormStyle: defaultFormStyle(),
    ...overrides,
  };
}

describe('formToSave', () => {
  it('trims the name and leaves the other settings as typed', () => {
    const sent = formToSave(snapshot({ name: '  Intake ', displayName: ' Client intake ' }));
    expect(sent.name).toBe('Intake');
    expect(sent.displayName).toBe(' Client intake ');
  });

  it('drops incomplete rules, and the configs they leave empty (spec §5)', () => {
    const logic: ConditionalLogic = {
      ...sampleLogic(),
      conditionMap: { ...sampleLogic().conditionMap, i4: config('cfg-i4', 'i4', 'input', [[rule('r9', 'i1', null)]]) },
    };
    const sent = formToSave(snapshot({ jsonConditionalLogic: logic }));
    expect(sent.jsonConditionalLogic).toEqual(sampleLogic());
  });

  it('keeps the document and the style as they are', () => {
    const form = snapshot();
    const sent = formToSave(form);
    expect(sent.jsonForm).toBe(form.jsonForm);
    expect(sent.jsonFormStyle).toBe(form.jsonFormStyle);
  });
});

describe('checkFormBeforeSave', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(checkFormBeforeSave(formToSave(snapshot()))).toBeNull();
    expect(checkFormBeforeSave(formToSave(snapshot({ jsonConditionalLogic: emptyConditionalLogic() })))).toBeNull();
  });

  it('requires a name, also when it was only spaces', () => {
    expect(checkFormBeforeSave(formToSave(snapshot({ name: '   ' })))).toEqual({ kind: 'nameRequired' });
  });

  it('reports a document the schema refuses with paths into it', () => {
    const jsonForm = sampleDocument();
    (jsonForm[0].children[2] as { children: { dataName: string }[] }).children[1].dataName = '';
    const problem = checkFormBeforeSave(formToSave(snapshot({ jsonForm })));
    expect(problem?.kind).toBe('invalidDocument');
    if (problem?.kind !== 'invalidDocument') return;
    expect(problem.issues.length).toBeGreaterThan(0);
    expect(problem.issues.some((issue) => issue.path.join('.') === '0.children.2.children.1.dataName')).toBe(true);
  });

  it('refuses a button style the schema refuses', () => {
    const jsonFormStyle = { button: { ...DEFAULT_BUTTON_STYLE, textColor: 'not a colour' } };
    expect(checkFormBeforeSave(formToSave(snapshot({ jsonFormStyle })))).toEqual({ kind: 'invalidButtonStyle' });
  });

  it('names a logic cycle with the server’s wording and the first element of it that has logic', () => {
    // i1 shows when i3 is filled, i3 shows when i1 is filled.
    const jsonConditionalLogic: ConditionalLogic = {
      conditionMap: {
        i1: config('cfg-i1', 'i1', 'input', [[rule('r1', 'i3', 'NOT_EMPTY')]]),
        i3: config('cfg-i3', 'i3', 'input', [[rule('r2', 'i1', 'NOT_EMPTY')]]),
      },
      pageMap: {},
    };
    const problem = checkFormBeforeSave(formToSave(snapshot({ jsonConditionalLogic })));
    expect(problem).toMatchObject({ kind: 'logicCycle', elementId: 'i1' });
    expect(problem?.kind === 'logicCycle' && problem.message).toMatch(/Full name/);
  });

  it('checks in the order the user fixes things: the name first', () => {
    const jsonFormStyle = { button: { ...DEFAULT_BUTTON_STYLE, textColor: 'not a colour' } };
    expect(checkFormBeforeSave(formToSave(snapshot({ name: '', jsonFormStyle })))).toEqual({ kind: 'nameRequired' });
  });
});
