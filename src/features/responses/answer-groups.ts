import type { ResponseAnswer } from '../../api/form-responses';

interface SectionGroup {
  /** null for answers placed on the page outside any section. */
  title: string | null;
  answers: ResponseAnswer[];
}

export interface PageGroup {
  title: string;
  sections: SectionGroup[];
}

/**
 * The answers (already in form order) grouped by page title, then section title. Runs of consecutive answers form a
 * group, so the form's order is kept even when two pages or sections share a title.
 */
export function groupAnswers(answers: readonly ResponseAnswer[]): PageGroup[] {
  const pages: PageGroup[] = [];
  for (const answer of answers) {
    let page = pages.at(-1);
    if (!page || page.title !== answer.pageTitle) {
      page = { title: answer.pageTitle, sections: [] };
      pages.push(page);
    }
    let section = page.sections.at(-1);
    if (!section || section.title !== answer.sectionTitle) {
      section = { title: answer.sectionTitle, answers: [] };
      page.sections.push(section);
    }
    section.answers.push(answer);
  }
  return pages;
}

export const UNANSWERED = '—';
