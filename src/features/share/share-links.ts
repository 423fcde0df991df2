/**
 * What the share screens hand out: the public link, prefilled links, embed snippets and the in-app paths between the
 * screens. Pure functions of the origin and ids, so tests and the docs page see exactly what users copy.
 */
import { effectiveMinValue } from '../../domain/answers';
import type { InputElement } from '../../domain/form-document';

/** Where the respondent page, the embed script and the API live: this app's own origin. */
export function appOrigin(): string {
  return window.location.origin;
}

export function publicFormUrl(origin: string, formId: string): string {
  return `${origin}/f/${encodeURIComponent(formId)}`;
}

export function prefilledFormUrl(origin: string, formId: string, prefillId: string): string {
  return `${publicFormUrl(origin, formId)}?prefill=${encodeURIComponent(prefillId)}`;
}

/** A link that prefills by data name: `?client_name=Jane%20Doe&matter=Divorce`. */
export function parameterFormUrl(origin: string, formId: string, params: readonly (readonly [string, string])[]): string {
  const query = new URLSearchParams(params.map(([key, value]) => [key, value])).toString();
  return query ? `${publicFormUrl(origin, formId)}?${query}` : publicFormUrl(origin, formId);
}

export function embedScriptUrl(origin: string): string {
  return `${origin}/embed.js`;
}

/** Text placed inside an HTML attribute value in double quotes. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function scriptSnippet(origin: string, formId: string): string {
  return [
    `<div data-formbuilder-form="${escapeAttribute(formId)}"></div>`,
    `<script src="${escapeAttribute(embedScriptUrl(origin))}" async></script>`,
  ].join('\n');
}

/** Fixed height: a plain iframe cannot resize itself to its content (the script snippet does). */
export const IFRAME_HEIGHT = 900;

export function iframeSnippet(origin: string, formId: string, title: string): string {
  const src = escapeAttribute(publicFormUrl(origin, formId));
  return `<iframe src="${src}" title="${escapeAttribute(title.trim() || 'Form')}" width="100%" height="${IFRAME_HEIGHT}" style="border:0"></iframe>`;
}

/** In-app paths of the share screens of one form (spec §2). */
export function sharePaths(accountId: number, formId: string) {
  const form = `/${accountId}/build/${encodeURIComponent(formId)}`;
  return {
    builder: form,
    share: `${form}/share`,
    embed: `${form}/share/embed`,
    embedDocs: `${form}/share/embed/docs`,
    prefills: `${form}/share/prefills`,
    integrations: `${form}/integrations`,
    prefill: (prefillId: string) => `${form}/share/prefills/${encodeURIComponent(prefillId)}`,
  };
}

/** What a URL parameter named by this input's data name may hold (the respondent page's rules). */
export function acceptedParameterValues(input: InputElement): string {
  switch (input.subtype) {
    case 'textInput':
    case 'textarea':
      return input.maxLength !== null ? `Any text, up to ${input.maxLength} characters` : 'Any text';
    case 'email':
      return 'An email address';
    case 'phoneNumber':
      return 'A phone number: 7 to 15 digits, optionally starting with +';
    case 'integer': {
      const parts = [`A whole number of at least ${effectiveMinValue(input)}`];
      if (input.maxValue !== null) parts.push(`at most ${input.maxValue}`);
      if (input.stepValue !== null && input.stepValue > 0) parts.push(`in steps of ${input.stepValue}`);
      return parts.join(', ');
    }
    case 'radio':
    case 'dropdown':
      return 'One option, by its text or its id';
    case 'checkbox':
      return 'One or more options separated by commas, each by its text or its id';
    default: {
      const unknownSubtype: never = input.subtype;
      throw new Error(`Unknown input subtype ${String(unknownSubtype)}`);
    }
  }
}

/** A plausible value for the docs' example link. */
export function exampleParameterValue(input: InputElement): string {
  switch (input.subtype) {
    case 'email':
      return 'jane@example.com';
    case 'phoneNumber':
      return '+1 555 010 0199';
    case 'integer':
      return String(Math.max(effectiveMinValue(input), 1));
    case 'radio':
    case 'dropdown':
      return input.options[0]?.text ?? 'Option';
    case 'checkbox':
      return input.options
        .slice(0, 2)
        .map((option) => option.text)
        .join(',') || 'Option';
    case 'textInput':
    case 'textarea':
      return 'Jane Doe';
    default: {
      const unknownSubtype: never = input.subtype;
      throw new Error(`Unknown input subtype ${String(unknownSubtype)}`);
    }
  }
}
