/** The shape of bench/results.json and its Markdown table (bench/results.md, README "Performance"). */

export interface LighthouseResult {
  page: string;
  path: string;
  /** Scores 0-100 of the median run. */
  performance: number;
  performanceRuns: number[];
  /** Runs Lighthouse could not finish, repeated. */
  failedRuns: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript the page transferred, as Lighthouse saw it on the network. */
  scriptTransferKb: number;
  /** Audits of the median run scoring below 0.9. */
  failedAudits: string[];
}

export interface ReadsResult {
  view: string;
  path: string;
  reads: number;
}

export interface LatencyResult {
  callable: string;
  clients: number;
  calls: number;
  p50Ms: number;
  p95Ms: number;
}

export interface BenchResults {
  measuredAt: string;
  environment: {
    cpu: string;
    cores: number;
    node: string;
    browser: string;
    lighthouse: string;
    lighthouseSettings: string;
    /** The machine's 1-minute load average around the Lighthouse runs. */
    loadAverage: number;
    products: number;
  };
  bundle: {
    home: { jsKb: number; cssKb: number; budgetKb: number; files: { file: string; kb: number }[] };
    routes: { paths: string[]; page: string; jsKb: number; cssKb: number; budgetKb: number }[];
  };
  lighthouse: LighthouseResult[];
  reads: ReadsResult[];
  latency: LatencyResult[];
  durationSeconds: number;
}

function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

const code = (text: string) => `\`${text}\``;
const withinBudget = ({ jsKb, budgetKb }: { jsKb: number; budgetKb: number }) => `${budgetKb} KB ${jsKb <= budgetKb ? 'ok' : '**over**'}`;

export function resultsMarkdown(results: BenchResults): string {
  const { environment: env } = results;
  const date = results.measuredAt.slice(0, 16).replace('T', ' ');
  return `${[
    `Measured ${date} UTC with \`npm run bench\` (${results.durationSeconds} s): ${env.products.toLocaleString('en-US')} products on the Firebase emulators, ${env.cpu} (${env.cores} cores, shared), Node ${env.node}, ${env.browser}, Lighthouse ${env.lighthouse} (${env.lighthouseSettings}).`,
    '**Bundle** (gzip, from the Vite manifest of the emulator build; a route chunk is what opening that route adds to the entry):',
    table(
      ['What', 'JS', 'CSS', 'Budget (JS)'],
      [
        [`${code('/')} before any interaction`, `${results.bundle.home.jsKb} KB`, `${results.bundle.home.cssKb} KB`, withinBudget(results.bundle.home)],
        ...results.bundle.routes.map((route) => [
          `route ${route.paths.map(code).join(', ') || route.page}`,
          `${route.jsKb} KB`,
          `${route.cssKb} KB`,
          withinBudget(route),
        ]),
      ],
    ),
    `**Lighthouse** (mobile; the run with the median performance score of ${results.lighthouse[0]?.performanceRuns.length ?? 0}; load average ${env.loadAverage} on ${env.cores} cores meanwhile; targets: performance >= 90, accessibility >= 95):`,
    table(
      ['Page', 'Performance (runs)', 'Accessibility', 'Best practices', 'LCP', 'TBT', 'CLS', 'JS transferred'],
      results.lighthouse.map((page) => [
        `${page.page} ${code(page.path)}`,
        `${page.performance} (${page.performanceRuns.join(', ')}${page.failedRuns ? `; ${page.failedRuns} failed run repeated` : ''})`,
        page.accessibility,
        page.bestPractices,
        `${(page.lcpMs / 1000).toFixed(2)} s`,
        `${page.tbtMs} ms`,
        page.cls,
        `${page.scriptTransferKb} KB`,
      ]),
    ),
    '**Firestore documents read** per view, counted in the web data layer (a query that matches nothing counts one read; budget for home and search: page size + 1, checked by `emulator-tests/catalogReads.test.ts`):',
    table(
      ['View', 'Path', 'Documents read'],
      results.reads.map((view) => [view.view, code(view.path), view.reads]),
    ),
    `**Callable latency**, ${results.latency[0]?.clients ?? 0} concurrent clients on the emulators (each call after a warm-up round; the emulator is slower than production but shows contention):`,
    table(
      ['Callable', 'Calls', 'p50', 'p95'],
      results.latency.map((latency) => [code(latency.callable), latency.calls, `${latency.p50Ms} ms`, `${latency.p95Ms} ms`]),
    ),
  ].join('\n\n')}\n`;
}
