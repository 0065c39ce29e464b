import { describe, expect, it } from 'vitest';
import { journeyFailures } from './journeyFailures';

const result = (status: string, message?: string) => ({ status, errors: message ? [{ message }] : [] });

const report = {
  suites: [
    {
      title: 'home.e2e.test.ts',
      specs: [
        {
          title: 'shows the search box',
          file: 'home.e2e.test.ts',
          line: 12,
          tests: [
            { projectName: 'desktop', status: 'expected', results: [result('passed')] },
            { projectName: 'phone', status: 'unexpected', results: [result('failed', '\u001b[31mError: expect(locator).toBeVisible()\u001b[39m\nLocator: getByRole(\'searchbox\')\nline 3\nline 4')] },
          ],
        },
      ],
      suites: [
        {
          title: 'checkout of cart.ts',
          specs: [
            {
              title: 'places an order',
              file: 'home.e2e.test.ts',
              line: 40,
              tests: [{ projectName: 'desktop', status: 'unexpected', results: [result('timedOut', 'Test timeout of 60000ms exceeded.')] }],
            },
            { title: 'skipped one', file: 'home.e2e.test.ts', line: 50, tests: [{ projectName: 'desktop', status: 'skipped', results: [] }] },
            { title: 'flaky one', file: 'home.e2e.test.ts', line: 60, tests: [{ projectName: 'desktop', status: 'flaky', results: [result('timedOut', 'Timeout\nsecond line\nthird'), result('passed')] }] },
          ],
        },
      ],
    },
  ],
  errors: [{ message: 'Error: globalSetup failed' }],
};

describe('journeyFailures', () => {
  it('names every failed or flaky journey with its project, place, describe path and the first lines of its (first) error, without colour codes', () => {
    const failures = journeyFailures(JSON.stringify(report), 2);
    expect(failures).toEqual([
      "  ✘ [phone] home.e2e.test.ts:12 › shows the search box (failed)\n    Error: expect(locator).toBeVisible()\n    Locator: getByRole('searchbox')",
      '  ✘ [desktop] home.e2e.test.ts:40 › checkout of cart.ts › places an order (timedOut)\n    Test timeout of 60000ms exceeded.',
      '  ✘ [desktop] home.e2e.test.ts:60 › checkout of cart.ts › flaky one (timedOut, then passed: flaky)\n    Timeout\n    second line',
      '  ✘ outside any journey:\n    Error: globalSetup failed',
    ]);
  });

  it('finds nothing in a run where every journey passed or was skipped', () => {
    expect(journeyFailures(JSON.stringify({ suites: [{ title: 'a.e2e.test.ts', specs: [{ title: 't', file: 'a', line: 1, tests: [{ projectName: 'desktop', status: 'expected', results: [result('passed')] }] }] }] }))).toEqual([]);
  });
});
