/** The property editor of the selected element (pages, sections, presentations; inputs in input-properties). */
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RichTextField } from '../../components/rich-text/rich-text-field';
import { FORM_LIMITS } from '../../domain/form-document';
import type { PresentationElement } from '../../domain/form-document';
import type { PageNode, SectionNode, TreeNode } from '../../domain/form-tree';
import type { HeadingLevel } from '../../domain/rich-text';
import { HEADING_LEVELS, headingLevelOf, isRichTextEmpty, withHeadingLevel } from '../../domain/rich-text';
import { elementUpdated } from './form-slice';
import { selectElementErrors, selectNode } from './form-selectors';
import { InputProperties } from './input-properties';
import { typeLabelOf } from './palette-kinds';
import { SwitchField, TextField } from './property-fields';

function useUpdate(id: string) {
  const dispatch = useAppDispatch();
  return (patch: Partial<TreeNode>) => dispatch(elementUpdated({ id, patch }));
}

/** A rich-text editor with a visible caption (the editor itself is named by ariaLabel). */
function RichTextGroup({
  label,
  value,
  onChange,
  singleLine,
  headingLevel,
  placeholder,
  help,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  singleLine?: boolean;
  headingLevel?: HeadingLevel;
  placeholder?: string;
  help?: string;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <div className="form-label" aria-hidden="true">
        {label}
      </div>
      <RichTextField
        id={`${id}-editor`}
        ariaLabel={label}
        ariaDescribedBy={help ? `${id}-help` : undefined}
        value={value}
        onChange={onChange}
        singleLine={singleLine}
        headingLevel={headingLevel}
        placeholder={placeholder}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
    </div>
  );
}

function PageProperties({ node }: { node: PageNode }) {
  const update = useUpdate(node.id);
  return (
    <TextField
      label="Title"
      value={node.title}
      maxLength={FORM_LIMITS.shortText}
      onChange={(title) => update({ title })}
      help="Shown at the top of the page."
    />
  );
}

function SectionProperties({ node }: { node: SectionNode }) {
  const update = useUpdate(node.id);
  return (
    <>
      <TextField label="Title" value={node.title} maxLength={FORM_LIMITS.shortText} onChange={(title) => update({ title })} />
      <RichTextGroup
        label="Description"
        value={node.description}
        onChange={(description) => update({ description })}
        placeholder="Optional text under the title"
      />
      <SwitchField
        label="Collapsible"
        checked={node.collapsible}
        onChange={(collapsible) => update(collapsible ? { collapsible } : { collapsible, collapsed: false })}
        help="Respondents can fold the section away."
      />
      <SwitchField
        label="Collapsed"
        checked={node.collapsed}
        disabled={!node.collapsible}
        onChange={(collapsed) => update({ collapsed })}
        help={node.collapsible ? 'Starts folded.' : 'Make the section collapsible first.'}
      />
    </>
  );
}

function PresentationProperties({ node }: { node: PresentationElement }) {
  const update = useUpdate(node.id);
  const levelId = useId();
  // Empty content carries no tag: remember the chosen level until there is text to hold it.
  const [emptyLevel, setEmptyLevel] = useState<HeadingLevel>(() => headingLevelOf(node.content));
  if (node.subtype === 'paragraph') {
    return (
      <RichTextGroup label="Content" value={node.content} onChange={(content) => update({ content })} placeholder="Write the paragraph" />
    );
  }
  const level = isRichTextEmpty(node.content) ? emptyLevel : headingLevelOf(node.content);
  return (
    <>
      <Form.Group className="mb-3" controlId={levelId}>
        <Form.Label>Heading level</Form.Label>
        <Form.Select
          value={level}
          onChange={(event) => {
            const next = Number(event.target.value) as HeadingLevel;
            setEmptyLevel(next);
            update({ content: withHeadingLevel(node.content, next) });
          }}
        >
          {HEADING_LEVELS.map((value) => (
            <option key={value} value={value}>
              Heading {value}
              {value === 1 ? ' (largest)' : value === 6 ? ' (smallest)' : ''}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <RichTextGroup
        label="Content"
        value={node.content}
        onChange={(content) => update({ content: content && withHeadingLevel(content, level) })}
        singleLine
        headingLevel={level}
        placeholder="Heading text"
      />
    </>
  );
}

function PropertiesFor({ node }: { node: TreeNode }) {
  switch (node.type) {
    case 'page':
      return <PageProperties node={node} />;
    case 'section':
      return <SectionProperties node={node} />;
    case 'presentation':
      return <PresentationProperties node={node} />;
    case 'input':
      return <InputProperties node={node} />;
  }
}

/** Keyed by the element id by its parent, so drafts and local choices reset when another element is selected. */
export function ElementProperties({ id }: { id: string }) {
  const node = useAppSelector((state) => selectNode(state, id));
  const errors = useAppSelector((state) => selectElementErrors(state, id));
  if (!node) return null;
  return (
    <form className="builder-element-properties" aria-label={`${typeLabelOf(node)} properties`} onSubmit={(event) => event.preventDefault()}>
      <h2 className="builder-pane-title">{typeLabelOf(node)}</h2>
      {errors && (
        <div className="alert alert-danger py-2" role="alert">
          <ul className="mb-0 ps-3">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <PropertiesFor node={node} />
    </form>
  );
}
