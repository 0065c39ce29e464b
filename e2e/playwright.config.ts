/**
 * The browser journeys: @playwright/test driving Debian's Chromium (its headless shell) against the
 * shop on the hosting emulator. scripts/test-emulators.ts runs them inside `firebase emulators:exec`,
 * after building the web bundle for the emulators.
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs, journeyBrowserPath, shopUrl, viewports } from './browser';

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.test.ts',
  // Every run starts from a cleared Firestore with the demo catalog and accounts.
  globalSetup: './globalSetup.ts',
  // One worker: the journeys share that one seeded database (stock, orders, the admin's on-sale
  // switch), and several of them assert on what another journey may change meanwhile.
  workers: 1,
  fullyParallel: false,
  // A failed journey runs once more, recording a trace; the run fails all the same, passed or not
  // on that second run (failOnFlakyTests): a flaky journey is fixed at its cause, not retried into
  // a pass. Recording a trace of every journey, to keep only the failed ones', cost a tenth of the
  // suite's processor (Chromium's DOM snapshots at every step).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // What a page shows may wait on the emulators (a function's cold start, a busy machine).
  expect: { timeout: 15_000 },
  outputDir: './test-results',
  // The JSON report lets `npm test` repeat the failed journeys after the emulator suite's long
  // output (scripts/journeyFailures.ts), where a CI log's tail shows them.
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }], ['json', { outputFile: './test-results/journeys.json' }]],
  use: {
    baseURL: shopUrl,
    browserName: 'chromium',
    launchOptions: { executablePath: journeyBrowserPath, args: chromiumArgs },
    // A failed test keeps a screenshot, and its second run a trace (`npx playwright show-trace
    // <file>`), in e2e/test-results/. The trace holds a DOM snapshot of the page at every step; it
    // records no screencast, which cost about a fifth of the suite's time on a 2-core machine.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every journey, except those only meaningful on a phone.
    { name: 'desktop', use: { viewport: viewports.desktop }, grepInvert: /@phone-only/ },
    // The journeys that matter on a phone: those that check phone layouts (@phone-only) and the
    // core ones (browsing, product page, cart, checkout, accessibility; @phone). Running every
    // journey twice would double the suite's time and keep CI from staying under 10 minutes,
    // while the back office and the error paths are the same code at any width.
    { name: 'phone', use: { viewport: viewports.phone, isMobile: true, hasTouch: true }, grep: /@phone/ },
  ],
});
