/**
 * An input's default answer: none, a fixed answer (with the widget its type takes), or the answer given to another
 * input of the form.
 */
import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AnswerValue, InputDefault, InputElement } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import { elementUpdated } from './form-slice';
import { selectTree } from './form-selectors';
import { elementName } from './palette-kinds';
import { NumberField, TextField } from './property-fields';

type Mode = 'none' | 'static' | 'reference';

function modeOf(value: InputDefault): Mode {
  if (value.referenceValueId !== null) return 'reference';
  return value.staticValue !== null ? 'static' : 'none';
}

function inputsInOrder(tree: FormTree, exceptId: string): { id: string; name: string }[] {
  const result: { id: string; name: string }[] = [];
  const walk = (ids: readonly string[]) => {
    for (const id of ids) {
      const node = tree.nodes[id];
      if (!node) continue;
      if (node.type === 'input' && id !== exceptId) result.push({ id, name: elementName(node) });
      if (tree.childIds[id]) walk(tree.childIds[id]);
    }
  };
  walk(tree.pageIds);
  return result;
}

function StaticDefault({ node, onChange }: { node: InputElement; onChange: (value: AnswerValue | null) => void }) {
  const id = useId();
  const value = node.default.staticValue;
  switch (node.subtype) {
    case 'integer':
      return <NumberField label="Default answer" value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'radio':
    case 'dropdown':
      return (
        <Form.Group className="mb-3" controlId={id}>
          <Form.Label>Default answer</Form.Label>
          <Form.Select value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || null)}>
            <option value="">No option chosen</option>
            {node.options.map((option, index) => (
              <option key={option.id} value={option.id}>
                {option.text || `Option ${index + 1}`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      );
    case 'checkbox': {
      const checked = Array.isArray(value) ? value : [];
      const toggle = (optionId: string, on: boolean) => {
        const next = node.options.map((option) => option.id).filter((optionId2) => (optionId2 === optionId ? on : checked.includes(optionId2)));
        onChange(next.length > 0 ? next : null);
      };
      return (
        <div className="mb-3" role="group" aria-labelledby={`${id}-label`}>
          <div id={`${id}-label`} className="form-label">
            Default answer
          </div>
          {node.options.map((option, index) => (
            <Form.Check
              key={option.id}
              id={`${id}-${option.id}`}
              type="checkbox"
              label={option.text || `Option ${index + 1}`}
              checked={checked.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
          ))}
        </div>
      );
    }
    case 'textInput':
    case 'textarea':
    case 'email':
    case 'phoneNumber':
      return (
        <TextField
          label="Default answer"
          multiline={node.subtype === 'textarea'}
          value={typeof value === 'string' ? value : ''}
          onChange={(text) => onChange(text === '' ? null : text)}
        />
      );
  }
}

function ReferenceDefault({ node, onChange }: { node: InputElement; onChange: (referenceId: string | null) => void }) {
  const id = useId();
  const tree = useAppSelector(selectTree);
  const inputs = useMemo(() => inputsInOrder(tree, node.id), [tree, node.id]);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Copy the answer from</Form.Label>
      <Form.Select value={node.default.referenceValueId ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Choose an input…</option>
        {inputs.map((input) => (
          <option key={input.id} value={input.id}>
            {input.name}
          </option>
        ))}
      </Form.Select>
      {inputs.length === 0 && <Form.Text>This form has no other inputs yet.</Form.Text>}
    </Form.Group>
  );
}

export function DefaultValueEditor({ node }: { node: InputElement }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [mode, setMode] = useState<Mode>(() => modeOf(node.default));
  const save = (value: InputDefault) => dispatch(elementUpdated({ id: node.id, patch: { default: value } }));

  const choose = (next: Mode) => {
    setMode(next);
    if (next === 'none' || next === 'reference') save({ staticValue: null, referenceValueId: next === 'reference' ? node.default.referenceValueId : null });
    else save({ staticValue: node.default.staticValue, referenceValueId: null });
  };

  return (
    <fieldset className="builder-fieldset">
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>Default value</Form.Label>
        <Form.Select value={mode} onChange={(event) => choose(event.target.value as Mode)}>
          <option value="none">No default</option>
          <option value="static">A fixed answer</option>
          <option value="reference">The answer to another input</option>
        </Form.Select>
      </Form.Group>
      {mode === 'static' && <StaticDefault node={node} onChange={(staticValue) => save({ staticValue, referenceValueId: null })} />}
      {mode === 'reference' && <ReferenceDefault node={node} onChange={(referenceValueId) => save({ staticValue: null, referenceValueId })} />}
    </fieldset>
  );
}
