/** Properties of an input: label, data name, placeholder, help text, required, options, limits, default. */
import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { dataNameError } from '../../domain/data-name';
import type { InputElement, InputSubtype } from '../../domain/form-document';
import { FORM_LIMITS, inputReference, isChoiceSubtype } from '../../domain/form-document';
import { FORM_RULE_MESSAGES } from '../../domain/form-rule-messages';
import type { TreeNode } from '../../domain/form-tree';
import { DefaultValueEditor } from './default-value-editor';
import { dataNameEdited, dataNameRegenerated, elementUpdated } from './form-slice';
import { selectIsCustomDataName } from './form-selectors';
import { OptionsEditor } from './options-editor';
import { NumberField, SwitchField, TextField } from './property-fields';
import type { ElementIssues } from './save-errors';
import { fieldMessage } from './save-errors';

const TEXT_SUBTYPES = new Set<InputSubtype>(['textInput', 'textarea']);
const WITHOUT_PLACEHOLDER = new Set<InputSubtype>(['radio', 'checkbox']);

/** The fields this editor shows for an input of `subtype`: a save problem of one of them is shown beside it. */
export function inputFieldsShown(subtype: InputSubtype): ReadonlySet<string> {
  const fields = ['label', 'dataName', 'helpText'];
  if (!WITHOUT_PLACEHOLDER.has(subtype)) fields.push('placeholder');
  if (isChoiceSubtype(subtype)) fields.push('options');
  if (subtype === 'integer') fields.push('minValue', 'maxValue', 'stepValue');
  if (TEXT_SUBTYPES.has(subtype)) fields.push('minLength', 'maxLength');
  return new Set(fields);
}

const NO_NAMES: ReadonlySet<string> = new Set();
const selectNodes = (state: RootState) => state.form.tree.nodes;

/** The data name's problem: a plain scan of the nodes for another input of that name, no set built. */
function dataNameProblem(nodes: Record<string, TreeNode>, id: string, name: string): string | null {
  for (const key in nodes) {
    const node = nodes[key];
    if (node.type === 'input' && key !== id && node.dataName === name) return dataNameError(name, NO_NAMES) ?? FORM_RULE_MESSAGES.dataNameTaken(name, inputReference(node));
  }
  return dataNameError(name, NO_NAMES);
}

/** The problem of `name` for input `id`, scanned again only when the nodes or the name change (not on every store change). */
function useDataNameProblem(id: string, name: string): string | null {
  const select = useMemo(() => createSelector([selectNodes], (nodes) => dataNameProblem(nodes, id, name)), [id, name]);
  return useAppSelector(select);
}

/** The range rules the save applies (formDocumentSchema), shown as soon as they apply. */
function rangeError(min: number | null, max: number | null, message: string): string | null {
  return min !== null && max !== null && min > max ? message : null;
}

export function InputProperties({ node, issues }: { node: InputElement; issues: ElementIssues }) {
  const dispatch = useAppDispatch();
  const { id } = node;
  const update = (patch: Partial<InputElement>) => dispatch(elementUpdated({ id, patch }));
  const dataNameIssue = useDataNameProblem(id, node.dataName);
  const customDataName = useAppSelector((state) => selectIsCustomDataName(state, id));
  const saved = (field: string) => fieldMessage(issues, field);

  return (
    <>
      <TextField
        label="Label"
        required
        value={node.label}
        maxLength={FORM_LIMITS.shortText}
        error={saved('label')}
        onChange={(label) => update({ label })}
      />
      <TextField
        label="Data name"
        value={node.dataName}
        maxLength={100}
        spellCheck={false}
        inputClassName="font-monospace"
        error={dataNameIssue ?? saved('dataName')}
        onChange={(dataName) => dispatch(dataNameEdited({ id, dataName }))}
        help={
          customDataName
            ? 'Integrations and exports use this name. Lowercase letters (a–z), digits and _ only.'
            : 'Made from the label until you change it. Lowercase letters (a–z), digits and _ only.'
        }
        after={
          customDataName ? (
            <Button variant="link" size="sm" className="px-0" onClick={() => dispatch(dataNameRegenerated(id))}>
              Make it from the label again
            </Button>
          ) : null
        }
      />
      {!WITHOUT_PLACEHOLDER.has(node.subtype) && (
        <TextField
          label="Placeholder"
          value={node.placeholder}
          maxLength={FORM_LIMITS.shortText}
          error={saved('placeholder')}
          onChange={(placeholder) => update({ placeholder })}
        />
      )}
      <TextField
        label="Help text"
        multiline
        rows={2}
        value={node.helpText}
        maxLength={FORM_LIMITS.shortText}
        error={saved('helpText')}
        onChange={(helpText) => update({ helpText })}
        help="Shown under the field."
      />
      <SwitchField label="Required" checked={node.required} onChange={(required) => update({ required })} />

      {isChoiceSubtype(node.subtype) && <OptionsEditor node={node} issues={issues} />}

      {node.subtype === 'integer' && (
        <div className="builder-field-row">
          <NumberField label="Minimum value" value={node.minValue} error={saved('minValue')} onChange={(minValue) => update({ minValue })} />
          <NumberField
            label="Maximum value"
            value={node.maxValue}
            error={rangeError(node.minValue, node.maxValue, FORM_RULE_MESSAGES.valueRange) ?? saved('maxValue')}
            onChange={(maxValue) => update({ maxValue })}
          />
          <NumberField
            label="Step"
            value={node.stepValue}
            error={node.stepValue !== null && node.stepValue <= 0 ? FORM_RULE_MESSAGES.stepNotPositive : saved('stepValue')}
            onChange={(stepValue) => update({ stepValue })}
          />
        </div>
      )}

      {TEXT_SUBTYPES.has(node.subtype) && (
        <div className="builder-field-row">
          <NumberField
            label="Minimum length"
            integerOnly
            value={node.minLength}
            error={saved('minLength')}
            onChange={(minLength) => update({ minLength })}
          />
          <NumberField
            label="Maximum length"
            integerOnly
            value={node.maxLength}
            error={
              node.maxLength === 0
                ? FORM_RULE_MESSAGES.maxLengthTooSmall
                : (rangeError(node.minLength, node.maxLength, FORM_RULE_MESSAGES.lengthRange) ?? saved('maxLength'))
            }
            onChange={(maxLength) => update({ maxLength })}
          />
        </div>
      )}

      <DefaultValueEditor node={node} />
    </>
  );
}
