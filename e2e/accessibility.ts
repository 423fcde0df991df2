import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** What fails a screen: axe-core's two worst impacts (issue 13: "0 serious or critical violations"). */
const BLOCKING: ReadonlySet<string> = new Set(['serious', 'critical']);

export interface AccessibleOptions {
  /** Only check inside this element (a CSS selector), e.g. a dialog. */
  include?: string;
  /** Leave these out (CSS selectors): only for what is not ours, such as a firm's own page around an embedded form. */
  exclude?: string[];
}

/** One line per failing element: the rule, what it wants, the element (selector and markup) and what axe found. */
function describe(screen: string, violations: Violation[]): string {
  const count = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  const lines = [`${screen}: ${count} serious or critical accessibility violation(s)`];
  for (const violation of violations) {
    lines.push(`  ${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`);
    for (const node of violation.nodes) {
      // Not "at …": Playwright would take the line for a stack frame and move it out of the message.
      lines.push(`    element ${node.target.join(' >> ')}: ${node.html.slice(0, 160)}`);
      const why = node.failureSummary?.split('\n').slice(1).join(' ').trim();
      if (why) lines.push(`      ${why}`);
    }
  }
  return lines.join('\n');
}

/**
 * Runs axe-core (every rule of its default run: WCAG 2.x A/AA and best practices) on the page as it is now and fails
 * — softly, so one run lists every screen that fails — when a serious or critical violation is found. `screen` names
 * the screen in the failure message ("responses list (phone)"). Call it once the screen has loaded.
 *
 * With A11Y_REPORT set to a file path, every call appends one JSON line (screen, counts by impact, rule ids), which
 * is how the before/after counts of issue 13 were taken.
 */
export async function expectAccessible(page: Page, screen: string, options: AccessibleOptions = {}): Promise<void> {
  // Passes are not needed in detail: asking only for violations makes each run markedly cheaper.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const report = process.env.A11Y_REPORT;
  if (report) {
    const counts: Record<string, number> = {};
    for (const violation of results.violations) counts[violation.impact ?? 'unknown'] = (counts[violation.impact ?? 'unknown'] ?? 0) + violation.nodes.length;
    const line = { screen, viewport: page.viewportSize(), counts, rules: results.violations.map((v) => `${v.id}:${v.impact}:${v.nodes.length}`) };
    appendFileSync(report, `${JSON.stringify(line)}\n`);
  }
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const found = blocking.flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(' >> ')}`));
  expect.soft(found, describe(screen, blocking)).toEqual([]);
}
