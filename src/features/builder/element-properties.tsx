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
import { InputProperties, inputFieldsShown } from './input-properties';
import { typeLabelOf } from './palette-kinds';
import { SwitchField, TextField } from './property-fields';
import type { ElementIssues } from './save-errors';
import { NO_ISSUES, fieldMessage } from './save-errors';

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

/** The title of a page or section, with what the last save found wrong with it. */
function TitleField({ node, issues, help }: { node: PageNode | SectionNode; issues: ElementIssues; help?: string }) {
  const update = useUpdate(node.id);
  return (
    <TextField
      label="Title"
      value={node.title}
      error={fieldMessage(issues, 'title')}
      maxLength={FORM_LIMITS.shortText}
      onChange={(title) => update({ title })}
      help={help}
    />
  );
}

function PageProperties({ node, issues }: { node: PageNode; issues: ElementIssues }) {
  return <TitleField node={node} issues={issues} help="Shown at the top of the page." />;
}

function SectionProperties({ node, issues }: { node: SectionNode; issues: ElementIssues }) {
  const update = useUpdate(node.id);
  return (
    <>
      <TitleField node={node} issues={issues} />
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

function PropertiesFor({ node, issues }: { node: TreeNode; issues: ElementIssues }) {
  switch (node.type) {
    case 'page':
      return <PageProperties node={node} issues={issues} />;
    case 'section':
      return <SectionProperties node={node} issues={issues} />;
    case 'presentation':
      return <PresentationProperties node={node} />;
    case 'input':
      return <InputProperties node={node} issues={issues} />;
  }
}

const TITLE_ONLY: ReadonlySet<string> = new Set(['title']);
const NO_FIELDS: ReadonlySet<string> = new Set();

/** The fields shown for this element, beside which their save problems appear; the others' go above them all. */
function fieldsShown(node: TreeNode): ReadonlySet<string> {
  switch (node.type) {
    case 'page':
    case 'section':
      return TITLE_ONLY;
    case 'presentation':
      return NO_FIELDS;
    case 'input':
      return inputFieldsShown(node.subtype);
  }
}

/** Keyed by the element id by its parent, so drafts and local choices reset when another element is selected. */
export function ElementProperties({ id }: { id: string }) {
  const node = useAppSelector((state) => selectNode(state, id));
  const issues = useAppSelector((state) => selectElementErrors(state, id)) ?? NO_ISSUES;
  if (!node) return null;
  const shown = fieldsShown(node);
  const elsewhere = issues.filter((issue) => issue.target.kind !== 'element' || issue.target.field === null || !shown.has(issue.target.field));
  return (
    <form className="builder-element-properties" aria-label={`${typeLabelOf(node)} properties`} onSubmit={(event) => event.preventDefault()}>
      <h2 className="builder-pane-title">{typeLabelOf(node)}</h2>
      {elsewhere.length > 0 && (
        <div className="alert alert-danger py-2" role="alert">
          <ul className="mb-0 ps-3">
            {elsewhere.map((issue) => (
              <li key={`${issue.key}:${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
        </div>
      )}
      <PropertiesFor node={node} issues={issues} />
    </form>
  );
}
