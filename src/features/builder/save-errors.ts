/**
 * Where save problems belong: a validation issue's path into jsonForm ('0.children.2.dataName') names an element;
 * its messages are shown beside that element and in its property editor.
 */
import type { FormDocument, FormElement } from '../../domain/form-document';
import type { FormDocumentIssue } from '../../domain/form-save';

/** Key for problems that name no element (shown above the canvas). */
export const FORM_LEVEL_ERRORS = '';

const FIELD_LABELS: Readonly<Record<string, string>> = {
  label: 'Label',
  dataName: 'Data name',
  placeholder: 'Placeholder',
  helpText: 'Help text',
  default: 'Default value',
  options: 'Options',
  minValue: 'Minimum value',
  maxValue: 'Maximum value',
  stepValue: 'Step',
  minLength: 'Minimum length',
  maxLength: 'Maximum length',
  title: 'Title',
  description: 'Description',
  content: 'Content',
  id: 'Id',
  parentId: 'Parent',
  subtype: 'Type',
};

// Whole-document checks prefix their messages with the element (`input "i2" (Practice area): …`); shown beside
// that element, the prefix only repeats what the user is looking at.
const ELEMENT_PREFIX = /^(page|section|input|presentation) "[^"]*"(?: \([^)]*\))?: /;

function toIndex(segment: string | number | undefined): number | null {
  if (typeof segment === 'number') return segment;
  if (typeof segment === 'string' && /^\d+$/.test(segment)) return Number(segment);
  return null;
}

/** The deepest element the path reaches and the rest of the path (the field). */
function elementAtPath(doc: FormDocument, path: readonly (string | number)[]): { element: FormElement | null; rest: (string | number)[] } {
  const first = toIndex(path[0]);
  if (first === null || !doc[first]) return { element: null, rest: [...path] };
  let element: FormElement = doc[first];
  let at = 1;
  while (path[at] === 'children' && (element.type === 'page' || element.type === 'section')) {
    const index = toIndex(path[at + 1]);
    const children: FormElement[] = element.children;
    if (index === null || !children[index]) break;
    element = children[index];
    at += 2;
  }
  return { element, rest: path.slice(at) as (string | number)[] };
}

export function elementErrorsFromIssues(doc: FormDocument, issues: readonly FormDocumentIssue[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of issues) {
    const { element, rest } = elementAtPath(doc, issue.path);
    const key = element ? element.id : FORM_LEVEL_ERRORS;
    const field = typeof rest[0] === 'string' ? FIELD_LABELS[rest[0]] : undefined;
    const text = issue.message.replace(ELEMENT_PREFIX, '');
    const message = field && !text.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${text}` : text;
    const list = (result[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}
