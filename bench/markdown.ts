import { stripVTControlCharacters } from 'node:util';
import { PRODUCT_IMPORT_BATCH } from '../domain/src/index';
import { LIGHTHOUSE_TARGETS, lighthouseMisses, SCALE_TARGETS } from './budgets';
/** The Markdown tables of a bench run (bench/results.md, README "Performance"), each figure beside the previous run's. */
import { compareRuns, figureKey, KINDS, type Change, type Comparison, type FigureKind } from './figures';
import type { BenchResults, LatencyResult } from './results';

function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

const code = (text: string) => `\`${text}\``;
const withinBudget = ({ jsKb, budgetKb }: { jsKb: number; budgetKb: number }) => `${budgetKb} KB ${jsKb <= budgetKb ? 'ok' : '**over**'}`;

/** A run's date and time as the tables show it. */
export const runDate = (results: Pick<BenchResults, 'measuredAt'>) => `${results.measuredAt.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A figure as a table shows it: its value, then the previous run's in brackets; bold with ⚠ when
 * it regressed, with ~ when it is as much worse but the machine was much busier.
 */
function figureCell(comparison: Comparison | null) {
  return (kind: FigureKind, key: string, value: number): string => {
    const { format } = KINDS[kind];
    if (!comparison) return format(value);
    const previous = comparison.previous(key);
    if (previous === undefined) return `${format(value)} (new)`;
    if (comparison.regressions.some((change) => change.key === key)) return `**${format(value)}** (${format(previous)}) ⚠`;
    if (comparison.busier.some((change) => change.key === key)) return `${format(value)} (${format(previous)}) ~`;
    return `${format(value)} (${format(previous)})`;
  };
}

function comparisonNote(previous: BenchResults | null, comparison: Comparison | null): string {
  if (!previous || !comparison) return 'No earlier run in `bench/history/` to compare with.';
  const rules = [...new Set(Object.values(KINDS).map((kind) => kind.rule))].join('; ');
  const found = comparison.regressions.length ? `**${comparison.regressions.length} regressed** (marked ⚠)` : 'none regressed';
  const count = comparison.busier.length;
  const busier = count
    ? ` ${count} timed figure${count === 1 ? ' is' : 's are'} as much worse but measured while the machine was much busier (marked ~, not counted).`
    : '';
  return (
    `In brackets: the previous run's figures (${runDate(previous)}, load average ${previous.environment.loadAverage} during Lighthouse); ${found}.${busier} ` +
    `A regression is ${rules}; timed figures (scores, LCP, TBT, latency, import speed) count only when the load average was not over 1.5 times the previous run's and 2 more.`
  );
}

/** The Markdown report of a run; with `previous`, each figure beside that run's and regressions marked. */
export function resultsMarkdown(results: BenchResults, previous: BenchResults | null = null): string {
  const { environment: env } = results;
  const comparison = previous ? compareRuns(results, previous) : null;
  const cell = figureCell(comparison);
  const latencyCell = (row: LatencyResult, metric: 'p50' | 'p95') => cell('latency', figureKey.latency(row.callable, row.load, metric), metric === 'p50' ? row.p50Ms : row.p95Ms);
  return `${[
    `Measured ${runDate(results)} with \`npm run bench\` (${results.durationSeconds} s): ${env.products.toLocaleString('en-US')} products on the Firebase emulators, ${env.cpu} (${env.cores} cores, shared), Node ${env.node}, ${env.browser}, Lighthouse ${env.lighthouse} (${env.lighthouseSettings}).`,
    comparisonNote(previous, comparison),
    '**Bundle** (gzip, from the Vite manifest of the emulator build; a route chunk is what opening that route adds to the entry):',
    table(
      ['What', 'JS', 'CSS', 'Budget (JS)'],
      [
        [
          `${code('/')} before any interaction`,
          cell('size', figureKey.bundle('home', 'js'), results.bundle.home.jsKb),
          cell('size', figureKey.bundle('home', 'css'), results.bundle.home.cssKb),
          withinBudget(results.bundle.home),
        ],
        ...results.bundle.routes.map((route) => [
          `route ${route.paths.map(code).join(', ') || route.page}`,
          cell('size', figureKey.bundle(route.paths, 'js'), route.jsKb),
          cell('size', figureKey.bundle(route.paths, 'css'), route.cssKb),
          withinBudget(route),
        ]),
      ],
    ),
    `**Lighthouse** (mobile; the run with the median performance score of ${results.lighthouse[0]?.performanceRuns.length ?? 0}; load average ${env.loadAverage} on ${env.cores} cores meanwhile; targets: performance >= ${LIGHTHOUSE_TARGETS.performance}, LCP <= ${(LIGHTHOUSE_TARGETS.lcpMs / 1000).toFixed(1)} s, accessibility ${LIGHTHOUSE_TARGETS.accessibility}, best practices ${LIGHTHOUSE_TARGETS.bestPractices}):`,
    table(
      ['Page', 'Performance', 'Runs', 'Accessibility', 'Best practices', 'LCP', 'TBT', 'CLS', 'JS transferred', 'Targets'],
      results.lighthouse.map((page) => [
        `${page.page} ${code(page.path)}`,
        cell('score', figureKey.lighthouse(page.path, 'performance'), page.performance),
        `${page.performanceRuns.join(', ')}${page.failedRuns ? `; ${page.failedRuns} failed run repeated` : ''}`,
        cell('score', figureKey.lighthouse(page.path, 'accessibility'), page.accessibility),
        cell('score', figureKey.lighthouse(page.path, 'best-practices'), page.bestPractices),
        cell('lcp', figureKey.lighthouse(page.path, 'lcp'), page.lcpMs),
        cell('tbt', figureKey.lighthouse(page.path, 'tbt'), page.tbtMs),
        cell('cls', figureKey.lighthouse(page.path, 'cls'), page.cls),
        cell('size', figureKey.lighthouse(page.path, 'js'), page.scriptTransferKb),
        lighthouseMisses(page).join(', ') || 'met',
      ]),
    ),
    '**Firestore documents read** per view, counted in the web data layer (a query that matches nothing counts one read; budget for home and search: page size + 1, checked by `emulator-tests/catalogReads.test.ts`):',
    table(
      ['View', 'Path', 'Documents read'],
      results.reads.map((view) => [view.view, code(view.path), cell('reads', figureKey.reads(view.view), view.reads)]),
    ),
    '**Function latency** on the emulators, every call after a warm-up round (the emulator is slower than production but shows contention). renderPage: the server-rendered pages straight from the function (target p95 <= 150 ms); "one person": the actions a person waits on (`bench/actions.ts`: an order placed, a quote answered and one started, an order\'s processing started, a credit note issued, the statement PDF), the first call apart (the emulator starts a worker for it) and the calls after it (p95: the slowest); placeOrder under load: each buyer orders one line; the stock is exactly what all the orders need, so every order should be placed:',
    table(
      ['Function', 'Calling at once', 'Calls', 'Failed', 'p50', 'p95', 'Load average (before, after)'],
      results.latency.map((row) => [
        code(row.callable),
        row.load,
        row.calls,
        cell('failures', figureKey.latency(row.callable, row.load, 'failures'), row.failures),
        latencyCell(row, 'p50'),
        latencyCell(row, 'p95'),
        row.loadAverage.join(', '),
      ]),
    ),
    ...(results.search
      ? [
          '**Instant search** (the embedded index the products trigger builds; budget 150 KB gzip for 5,000 products). First suggestion: from the first keystroke in a fresh visit (the header box focused first, which starts loading the index; until it has loaded, the searchPage function suggests) to the first suggestion on screen, the median of five visits through the CDN front, each typing another misspelt word ("chocolte", "napkns"…); next: once the index has loaded, one input event ("papr towl") to the towels it suggests:',
          table(
            ['Index (products)', 'Stored', 'Gzip', 'Gzip at 50,000 products', 'First suggestion', 'Next suggestion'],
            [
              [
                results.search.products.toLocaleString('en-US'),
                `${results.search.indexKb} KB`,
                `${results.search.indexGzipKb} KB`,
                `${results.search.index50kGzipKb} KB`,
                `${results.search.firstSuggestionMs} ms${results.search.firstSuggestionRunsMs ? ` (${results.search.firstSuggestionRunsMs.join(', ')})` : ''}`,
                `${results.search.nextSuggestionMs} ms`,
              ],
            ],
          ),
        ]
      : []),
    ...(results.productImport
      ? [
          `**Product CSV import** of ${results.productImport.rows.toLocaleString('en-US')} new products through the \`importProducts\` callable, as the admin page sends a file: batches of ${PRODUCT_IMPORT_BATCH}, each all or nothing, first compared with the catalog (nothing written), then written:`,
          table(
            ['Rows', 'Batches', 'Failed batches', 'Compare', 'Import', 'Load average (before, after)'],
            [
              [
                results.productImport.rows.toLocaleString('en-US'),
                results.productImport.batches,
                cell('failures', figureKey.productImport(results.productImport.rows, 'failures'), results.productImport.failedBatches),
                cell('throughput', figureKey.productImport(results.productImport.rows, 'compare'), results.productImport.compareRowsPerSecond),
                cell('throughput', figureKey.productImport(results.productImport.rows, 'apply'), results.productImport.applyRowsPerSecond),
                results.productImport.loadAverage.join(', '),
              ],
            ],
          ),
        ]
      : []),
  ].join('\n\n')}\n`;
}

/** A figure of the sizes table: how to take it from a run, and the target it should meet. */
interface SizeRow {
  figure: string;
  target: string;
  /** undefined: the run did not measure it (an older run); null: the run could not (see its `unavailable`). */
  value: (run: BenchResults) => number | null | undefined;
  format: (value: number) => string;
  /** The target, when it is a limit: at most `max` or at least `min`. */
  max?: number;
  min?: number;
}

const ms = (value: number) => `${value.toLocaleString('en-US')} ms`;
const seconds = (value: number) => `${value.toLocaleString('en-US')} s`;
const count = (value: number) => value.toLocaleString('en-US');

function lighthouseRows(page: string, lcpMaxMs: number, withScore: boolean): SizeRow[] {
  const lighthouse = (run: BenchResults) => run.lighthouse.find((result) => result.page === page);
  return [
    { figure: `${page}: LCP (Lighthouse mobile)`, target: `<= ${(lcpMaxMs / 1000).toFixed(1)} s`, value: (run) => lighthouse(run)?.lcpMs, format: ms, max: lcpMaxMs },
    ...(withScore ? [{ figure: `${page}: performance`, target: `>= ${SCALE_TARGETS.performance}`, value: (run: BenchResults) => lighthouse(run)?.performance, format: count, min: SCALE_TARGETS.performance }] : []),
  ];
}

const placeOrderOneProduct = (run: BenchResults) => run.latency.find((row) => row.callable === 'placeOrder' && row.load.startsWith('20 buyers'))?.p95Ms;

const SIZE_ROWS: SizeRow[] = [
  { figure: 'Seeding the products (triggers off)', target: '', value: (run) => run.scale?.seedSeconds, format: seconds },
  { figure: 'Search index, full build', target: `<= ${SCALE_TARGETS.indexBuildSeconds} s`, value: (run) => run.scale?.indexBuildSeconds, format: seconds, max: SCALE_TARGETS.indexBuildSeconds },
  ...lighthouseRows('Home', SCALE_TARGETS.pageLcpMs, true),
  ...lighthouseRows('Search', SCALE_TARGETS.pageLcpMs, true),
  ...lighthouseRows('Product', SCALE_TARGETS.pageLcpMs, true),
  ...lighthouseRows('Cart (2 lines)', SCALE_TARGETS.cartLcpMs, false),
  { figure: 'First suggestion, fresh visit (median)', target: `<= ${SCALE_TARGETS.firstSuggestionMs} ms`, value: (run) => run.search?.firstSuggestionMs, format: ms, max: SCALE_TARGETS.firstSuggestionMs },
  { figure: 'Downloaded for search in that visit', target: 'no index above the browser limit', value: (run) => run.scale?.searchDownloadBytes, format: (bytes) => `${(bytes / 1024).toFixed(1)} KB` },
  { figure: 'Typo search, searchPage p95 (warm)', target: `<= ${SCALE_TARGETS.searchP95Ms} ms`, value: (run) => run.scale?.typoSearchP95Ms, format: ms, max: SCALE_TARGETS.searchP95Ms },
  { figure: 'SKU search, searchPage p95 (warm)', target: `<= ${SCALE_TARGETS.searchP95Ms} ms`, value: (run) => run.scale?.skuSearchP95Ms, format: ms, max: SCALE_TARGETS.searchP95Ms },
  { figure: 'One product edit: found by search after', target: '', value: (run) => run.scale?.indexUpdateMs, format: ms },
  { figure: 'One product edit: documents the index update read', target: 'the same at any size', value: (run) => run.scale?.indexUpdateReads, format: count },
  { figure: 'Back office product list, first rows', target: `<= ${SCALE_TARGETS.adminListMs} ms`, value: (run) => run.scale?.adminProductListMs, format: ms, max: SCALE_TARGETS.adminListMs },
  { figure: 'Import job, rows per second', target: '', value: (run) => run.scale?.importJobRowsPerSecond, format: count },
  { figure: 'placeOrder p95, 20 buyers of one product', target: 'as at the smallest size', value: placeOrderOneProduct, format: ms },
];

function sizeCell(row: SizeRow, run: BenchResults): string {
  const value = row.value(run);
  if (value === undefined) return '-';
  if (value === null) return 'not available';
  const shown = row.format(value);
  if (row.max !== undefined && value > row.max) return `**${shown}** (over by ${row.format(value - row.max)})`;
  if (row.min !== undefined && value < row.min) return `**${shown}** (under by ${row.format(row.min - value)})`;
  return row.max === undefined && row.min === undefined ? shown : `${shown} met`;
}

/** An error's first line without terminal colours: a browser timeout's message goes on with its call log. */
function firstLine(message: string): string {
  return stripVTControlCharacters(message).split('\n')[0]!.trim();
}

/**
 * The figures of each catalog size side by side, a column per size (its latest run), each beside
 * its target: bold with how far off when missed, "not available" with the reason below the table.
 */
export function sizesMarkdown(runs: readonly BenchResults[]): string {
  const sizes = [...runs].sort((a, b) => a.environment.products - b.environment.products);
  const unavailable = sizes.flatMap((run) => (run.scale?.unavailable ?? []).map((reason) => `${run.environment.products.toLocaleString('en-US')} products: ${firstLine(reason)}`));
  return [
    `**By catalog size** (the latest run of each size: ${sizes.map((run) => `${run.environment.products.toLocaleString('en-US')} products ${runDate(run)}`).join('; ')}):`,
    table(
      ['Figure', 'Target', ...sizes.map((run) => `${run.environment.products.toLocaleString('en-US')} products`)],
      SIZE_ROWS.map((row) => [row.figure, row.target || '-', ...sizes.map((run) => sizeCell(row, run))]),
    ),
    ...(unavailable.length ? [`Not available: ${unavailable.join(' ')}`] : []),
  ].join('\n\n');
}

/** For the terminal: what regressed against the previous run, one figure a line. */
export function comparisonSummary(results: BenchResults, previous: BenchResults | null): string {
  if (!previous) return 'First run in bench/history/: nothing to compare with.';
  const { regressions, busier } = compareRuns(results, previous);
  const change = ({ key, kind, value, previous: before, load, previousLoad }: Change) =>
    `${key}: ${KINDS[kind].format(value)}, was ${KINDS[kind].format(before)}${load === undefined ? '' : ` (load average ${load.toFixed(1)}, was ${previousLoad?.toFixed(1) ?? '?'})`}`;
  return [
    `Compared with the run of ${runDate(previous)}: ${regressions.length ? `${regressions.length} regressed` : 'no regression'}.`,
    ...regressions.map((regression) => `  ⚠ ${change(regression)}`),
    ...busier.map((excused) => `  ~ ${change(excused)}: not counted, the machine was much busier`),
  ].join('\n');
}
