/**
 * The browser journeys that failed, read from Playwright's JSON report (e2e/playwright.config.ts).
 * `npm test` prints them last: the emulator suite's output, printed after the journeys', would
 * otherwise push their failures out of a CI log's tail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './emulators';

export const JOURNEYS_REPORT = join(ROOT, 'e2e/test-results/journeys.json');

interface ReportResult {
  status: string;
  errors?: { message?: string }[];
}
interface ReportSpec {
  title: string;
  file: string;
  line: number;
  tests: { projectName: string; status: string; results: ReportResult[] }[];
}
interface ReportSuite {
  title: string;
  specs?: ReportSpec[];
  suites?: ReportSuite[];
}
interface Report {
  suites?: ReportSuite[];
  errors?: { message?: string }[];
}

// Playwright colours its messages; a log file shows the escape codes as noise.
const withoutColours = stripVTControlCharacters;

/** Every spec with the titles of the describe blocks around it; the top-level suites are the files. */
function* specsOf(suites: ReportSuite[], path: string[] | null = null): Generator<{ spec: ReportSpec; path: string[] }> {
  for (const suite of suites) {
    const inner = path === null ? [] : [...path, suite.title];
    for (const spec of suite.specs ?? []) yield { spec, path: inner };
    yield* specsOf(suite.suites ?? [], inner);
  }
}

/**
 * One paragraph per failed journey (file, line, project, title, the first lines of its error): those
 * that failed twice, and those that passed only when run again (flaky), which fail the run too.
 */
export function journeyFailures(reportJson: string, linesPerError = 12): string[] {
  const report = JSON.parse(reportJson) as Report;
  const failures: string[] = [];
  for (const { spec, path } of specsOf(report.suites ?? [])) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const failed = test.status === 'flaky' ? test.results.find((result) => result.status !== 'passed') : test.results.at(-1);
      const message = withoutColours(failed?.errors?.map((error) => error.message ?? '').join('\n') ?? '');
      const excerpt = message.split('\n').slice(0, linesPerError).map((line) => `    ${line}`).join('\n');
      const outcome = test.status === 'flaky' ? `${failed?.status ?? 'failed'}, then passed: flaky` : (failed?.status ?? 'failed');
      failures.push(`  ✘ [${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')} (${outcome})\n${excerpt}`);
    }
  }
  for (const error of report.errors ?? []) failures.push(`  ✘ outside any journey:\n    ${withoutColours(error.message ?? '').split('\n').slice(0, linesPerError).join('\n    ')}`);
  return failures;
}

/** Prints the failed journeys of the last run, if its report is there. */
export function printJourneyFailures(): void {
  if (!existsSync(JOURNEYS_REPORT)) return;
  const failures = journeyFailures(readFileSync(JOURNEYS_REPORT, 'utf8'));
  if (failures.length === 0) return;
  console.error(`\nBrowser journeys that failed (${failures.length}); traces and screenshots are in e2e/test-results/:\n${failures.join('\n\n')}\n`);
}
