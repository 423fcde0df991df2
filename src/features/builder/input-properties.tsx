/** Properties of an input: label, data name, placeholder, help text, required, options, limits, default. */
import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { dataNameError } from '../../domain/data-name';
import type { InputElement } from '../../domain/form-document';
import { FORM_LIMITS, isChoiceSubtype } from '../../domain/form-document';
import type { TreeNode } from '../../domain/form-tree';
import { DefaultValueEditor } from './default-value-editor';
import { dataNameEdited, dataNameRegenerated, elementUpdated } from './form-slice';
import { selectIsCustomDataName } from './form-selectors';
import { OptionsEditor } from './options-editor';
import { NumberField, SwitchField, TextField } from './property-fields';

const TEXT_SUBTYPES = new Set(['textInput', 'textarea']);
const WITHOUT_PLACEHOLDER = new Set(['radio', 'checkbox']);

const NO_NAMES: ReadonlySet<string> = new Set();
const selectNodes = (state: RootState) => state.form.tree.nodes;

/** The data name's problem: a plain scan of the nodes for another input of that name, no set built. */
function dataNameProblem(nodes: Record<string, TreeNode>, id: string, name: string): string | null {
  for (const key in nodes) {
    const node = nodes[key];
    if (node.type === 'input' && key !== id && node.dataName === name) return dataNameError(name, new Set([name]));
  }
  return dataNameError(name, NO_NAMES);
}

/** The problem of `name` for input `id`, scanned again only when the nodes or the name change (not on every store change). */
function useDataNameProblem(id: string, name: string): string | null {
  const select = useMemo(() => createSelector([selectNodes], (nodes) => dataNameProblem(nodes, id, name)), [id, name]);
  return useAppSelector(select);
}

function rangeError(min: number | null, max: number | null, what: string): string | null {
  return min !== null && max !== null && min > max ? `${what} must not be less than the minimum` : null;
}

export function InputProperties({ node }: { node: InputElement }) {
  const dispatch = useAppDispatch();
  const { id } = node;
  const update = (patch: Partial<InputElement>) => dispatch(elementUpdated({ id, patch }));
  const dataNameIssue = useDataNameProblem(id, node.dataName);
  const customDataName = useAppSelector((state) => selectIsCustomDataName(state, id));

  return (
    <>
      <TextField label="Label" value={node.label} maxLength={FORM_LIMITS.shortText} onChange={(label) => update({ label })} />
      <TextField
        label="Data name"
        value={node.dataName}
        maxLength={100}
        spellCheck={false}
        inputClassName="font-monospace"
        error={dataNameIssue}
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
          onChange={(placeholder) => update({ placeholder })}
        />
      )}
      <TextField
        label="Help text"
        multiline
        rows={2}
        value={node.helpText}
        maxLength={FORM_LIMITS.shortText}
        onChange={(helpText) => update({ helpText })}
        help="Shown under the field."
      />
      <SwitchField label="Required" checked={node.required} onChange={(required) => update({ required })} />

      {isChoiceSubtype(node.subtype) && <OptionsEditor node={node} />}

      {node.subtype === 'integer' && (
        <div className="builder-field-row">
          <NumberField label="Minimum value" value={node.minValue} onChange={(minValue) => update({ minValue })} />
          <NumberField
            label="Maximum value"
            value={node.maxValue}
            error={rangeError(node.minValue, node.maxValue, 'The maximum value')}
            onChange={(maxValue) => update({ maxValue })}
          />
          <NumberField
            label="Step"
            value={node.stepValue}
            error={node.stepValue !== null && node.stepValue <= 0 ? 'The step must be greater than 0' : null}
            onChange={(stepValue) => update({ stepValue })}
          />
        </div>
      )}

      {TEXT_SUBTYPES.has(node.subtype) && (
        <div className="builder-field-row">
          <NumberField label="Minimum length" integerOnly value={node.minLength} onChange={(minLength) => update({ minLength })} />
          <NumberField
            label="Maximum length"
            integerOnly
            value={node.maxLength}
            error={
              node.maxLength === 0 ? 'The maximum length must be at least 1' : rangeError(node.minLength, node.maxLength, 'The maximum length')
            }
            onChange={(maxLength) => update({ maxLength })}
          />
        </div>
      )}

      <DefaultValueEditor node={node} />
    </>
  );
}
