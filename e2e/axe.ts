/**
 * Accessibility checks with axe-core, for any browser test: `await expect.poll(() => seriousA11yViolations(page)).toEqual([])`.
 * The script is evaluated through the DevTools protocol, so the shop's Content-Security-Policy
 * (no inline scripts) does not block it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements. */
  elements: string[];
}

interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** The serious and critical violations axe-core finds on the page as it is now (WCAG 2.x A and AA, best practices). */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      elements: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
