/**
 * Plain constants of the form document, in a module without zod so the respondent page can import them without
 * pulling the schemas into its bundle.
 */

/** Shown after a submission when the form has no custom submit message (server response and preview alike). */
export const DEFAULT_SUBMIT_MESSAGE = 'Thank you. Your response has been received.';

/** The title the builder gives a new section (spec §4: a new form's first page holds one 'Section'). */
export const DEFAULT_SECTION_TITLE = 'Section';

/** The title the builder gives the n-th page: 'Page 1', 'Page 2', … (spec §4). */
export const defaultPageTitle = (n: number): string => `Page ${n}`;

const DEFAULT_PAGE_TITLE = /^Page \d+$/;

/**
 * Whether a page's title is builder scaffolding rather than words the firm chose: empty, or exactly a default the
 * builder gives ('Page 1', 'Page 2', …, after trimming; case and spacing count, so 'page 2' or 'Page 2: Contact' are
 * the firm's). Respondents are not shown such a title (docs/decisions.md "Untitled pages and sections").
 */
export function isUntitledPage(title: string): boolean {
  const trimmed = title.trim();
  return trimmed === '' || DEFAULT_PAGE_TITLE.test(trimmed);
}

/** Whether a section's title is builder scaffolding: empty, or exactly the default 'Section' (after trimming). */
export function isUntitledSection(title: string): boolean {
  const trimmed = title.trim();
  return trimmed === '' || trimmed === DEFAULT_SECTION_TITLE;
}
