import { describe, expect, it } from 'vitest';
import { compareRuns, isRegression, muchBusier } from './figures';
import { resultsMarkdown, sizesMarkdown } from './markdown';
import type { BenchResults, LatencyResult, ScaleResult } from './results';

function latencyRow(overrides: Partial<LatencyResult> = {}): LatencyResult {
  return { callable: 'placeOrder', load: '20 buyers of one product', calls: 100, failures: 0, p50Ms: 400, p95Ms: 900, loadAverage: [2, 3], ...overrides };
}

function run({ performance = 92, p95Ms = 900, reads = 25, loadAverage = 1.5, measuredAt = '2026-11-23T17:05:12.345Z' } = {}): BenchResults {
  return {
    measuredAt,
    environment: { cpu: 'CPU', cores: 2, node: 'v20', browser: 'Chrome/1', lighthouse: '12', lighthouseSettings: 'mobile', loadAverage, products: 5000 },
    bundle: { home: { jsKb: 169.5, cssKb: 5.1, budgetKb: 170, files: [] }, routes: [{ paths: ['/cart'], page: 'CartPage', jsKb: 42.5, cssKb: 2.3, budgetKb: 60 }] },
    lighthouse: [
      { page: 'Home', path: '/', performance, performanceRuns: [performance], failedRuns: 0, accessibility: 100, bestPractices: 100, lcpMs: 2970, tbtMs: 186, cls: 0, scriptTransferKb: 193.2, failedAudits: [] },
    ],
    reads: [{ view: 'Home, first page', path: '/', reads }],
    latency: [latencyRow({ p95Ms })],
    durationSeconds: 300,
  };
}

describe('isRegression', () => {
  it('flags a Lighthouse score down more than 3 points, not 3', () => {
    expect(isRegression('score', 90, 93)).toBe(false);
    expect(isRegression('score', 89, 93)).toBe(true);
  });

  it('flags LCP up more than 10%', () => {
    expect(isRegression('lcp', 3300, 3000)).toBe(false);
    expect(isRegression('lcp', 3310, 3000)).toBe(true);
  });

  it('flags a latency up more than 50% and more than 200 ms', () => {
    expect(isRegression('latency', 1500, 1000)).toBe(false);
    expect(isRegression('latency', 1600, 1000)).toBe(true);
    // Twice as slow, but by 150 ms: within what a busy machine adds.
    expect(isRegression('latency', 300, 150)).toBe(false);
  });

  it('flags any extra document read or failed call, and a bundle up more than 1 KB', () => {
    expect(isRegression('reads', 26, 25)).toBe(true);
    expect(isRegression('failures', 1, 0)).toBe(true);
    expect(isRegression('size', 170.4, 169.5)).toBe(false);
    expect(isRegression('size', 170.6, 169.5)).toBe(true);
  });

  it('flags an import slower by more than a third', () => {
    expect(isRegression('throughput', 700, 1000)).toBe(false);
    expect(isRegression('throughput', 660, 1000)).toBe(true);
  });

  it('never flags an improvement', () => {
    expect(isRegression('score', 99, 80)).toBe(false);
    expect(isRegression('latency', 300, 3000)).toBe(false);
  });
});

describe('compareRuns', () => {
  it('lists the figures that regressed, with the previous value', () => {
    const { regressions, previous } = compareRuns(run({ performance: 85, p95Ms: 2000 }), run());
    expect(regressions.map(({ key, previous: before }) => [key, before])).toEqual([
      ['lighthouse / performance', 92],
      ['latency placeOrder 20 buyers of one product p95', 900],
    ]);
    expect(previous('reads Home, first page')).toBe(25);
  });

  it('does not count a slower timed figure measured on a much busier machine, but still counts sizes and reads', () => {
    const { regressions, busier } = compareRuns(run({ performance: 80, reads: 26, loadAverage: 6 }), run());
    expect(busier.map((change) => [change.key, change.load, change.previousLoad])).toEqual([['lighthouse / performance', 6, 1.5]]);
    expect(regressions.map((change) => change.key)).toEqual(['reads Home, first page']);
  });

  it('calls a machine much busier above 1.5 times and 2 more than the previous load average', () => {
    expect(muchBusier(4, 1.5)).toBe(true);
    expect(muchBusier(3, 1.5)).toBe(false);
    expect(muchBusier(16, 10)).toBe(true);
    expect(muchBusier(14, 10)).toBe(false);
    expect(muchBusier(undefined, 1)).toBe(false);
  });

  it('compares nothing without a previous run, or with one recorded before a section existed', () => {
    expect(compareRuns(run(), null).regressions).toEqual([]);
    const older: Partial<BenchResults> = { ...run({ reads: 20 }), latency: undefined };
    expect(compareRuns(run({ p95Ms: 9000 }), older).regressions.map((regression) => regression.key)).toEqual(['reads Home, first page']);
  });
});

describe('resultsMarkdown', () => {
  it('shows each figure beside the previous run and marks regressions', () => {
    const current = run({ performance: 85, measuredAt: '2026-11-24T08:00:00.000Z' });
    current.latency.push(latencyRow({ load: '100 buyers, each of its own product' }));
    const markdown = resultsMarkdown(current, run());
    expect(markdown).toContain("previous run's figures (2026-11-23 17:05 UTC, load average 1.5 during Lighthouse); **1 regressed** (marked ⚠).");
    expect(markdown).toContain('| Home `/` | **85** (92) ⚠ | 85 | 100 (100) |');
    expect(markdown).toContain('| `placeOrder` | 20 buyers of one product | 100 | 0 (0) | 400 ms (400 ms) | 900 ms (900 ms) | 2, 3 |');
    expect(markdown).toContain('| `placeOrder` | 100 buyers, each of its own product | 100 | 0 (new) | 400 ms (new) | 900 ms (new) | 2, 3 |');
  });

  it('marks a slower timed figure from a much busier machine with ~', () => {
    const markdown = resultsMarkdown(run({ performance: 80, loadAverage: 6 }), run());
    expect(markdown).toContain('none regressed. 1 timed figure is as much worse but measured while the machine was much busier (marked ~, not counted).');
    expect(markdown).toContain('| Home `/` | 80 (92) ~ |');
  });

  it("shows the import's rows per second beside the previous run's, and flags a slower import", () => {
    const productImport = { rows: 5000, batches: 20, failedBatches: 0, compareRowsPerSecond: 900, applyRowsPerSecond: 400, loadAverage: [2, 3] as [number, number] };
    const previous = { ...run(), productImport };
    const markdown = resultsMarkdown({ ...run(), productImport: { ...productImport, applyRowsPerSecond: 200 } }, previous);
    expect(markdown).toContain('| 5,000 | 20 | 0 (0) | 900 rows/s (900 rows/s) | **200 rows/s** (400 rows/s) ⚠ | 2, 3 |');
    expect(resultsMarkdown(run(), null)).not.toContain('Product CSV import');
  });

  it('says so when there is no run to compare with', () => {
    const markdown = resultsMarkdown(run());
    expect(markdown).toContain('No earlier run in `bench/history/` to compare with.');
    expect(markdown).toContain('| Home `/` | 92 | 92 | 100 |');
  });
});

describe('the table by catalog size', () => {
  const scale = (overrides: Partial<ScaleResult> = {}): ScaleResult => ({
    seedSeconds: 12,
    indexBuildSeconds: 3,
    typoSearchP95Ms: 80,
    skuSearchP95Ms: 40,
    searchDownloadBytes: 2048,
    indexUpdateMs: 900,
    indexUpdateReads: 2,
    adminProductListMs: 700,
    importJobRows: 5000,
    importJobRowsPerSecond: 450,
    unavailable: [],
    ...overrides,
  });
  const sized = (products: number, overrides: Partial<ScaleResult> = {}, lcpMs = 1500): BenchResults => {
    const base = run({ performance: 97 });
    return { ...base, environment: { ...base.environment, products }, lighthouse: [{ ...base.lighthouse[0]!, lcpMs }], scale: scale(overrides) };
  };
  const rowOf = (markdown: string, figure: string) => markdown.split('\n').find((line) => line.startsWith(`| ${figure} |`));

  it('shows each size in a column, smallest first, each figure beside its target', () => {
    const markdown = sizesMarkdown([sized(100_000, { typoSearchP95Ms: 250 }), sized(5_000)]);
    expect(markdown).toContain('| Figure | Target | 5,000 products | 100,000 products |');
    expect(rowOf(markdown, 'Typo search, searchPage p95 (warm)')).toBe('| Typo search, searchPage p95 (warm) | <= 300 ms | 80 ms met | 250 ms met |');
    expect(rowOf(markdown, 'Home: performance')).toBe('| Home: performance | >= 95 | 97 met | 97 met |');
    expect(rowOf(markdown, 'Downloaded for search in that visit')).toBe('| Downloaded for search in that visit | no index above the browser limit | 2.0 KB | 2.0 KB |');
  });

  it('says by how much a target is missed, what a run could not measure and why, and leaves blank what an older run did not measure', () => {
    const older = run({ measuredAt: '2026-11-20T08:00:00.000Z' });
    const markdown = sizesMarkdown([older, sized(100_000, { adminProductListMs: 1250, importJobRowsPerSecond: null, importJobRows: null, unavailable: ['The import job not available: there is no startProductImport.'] }, 2100)]);
    expect(rowOf(markdown, 'Home: LCP (Lighthouse mobile)')).toBe('| Home: LCP (Lighthouse mobile) | <= 1.8 s | **2,970 ms** (over by 1,170 ms) | **2,100 ms** (over by 300 ms) |');
    expect(rowOf(markdown, 'Back office product list, first rows')).toBe('| Back office product list, first rows | <= 1000 ms | - | **1,250 ms** (over by 250 ms) |');
    expect(rowOf(markdown, 'Import job, rows per second')).toBe('| Import job, rows per second | - | - | not available |');
    expect(markdown).toContain('Not available: 100,000 products: The import job not available: there is no startProductImport.');
  });

  it("gives the first line of a reason, without terminal colours, as a browser timeout's message goes on with its call log", () => {
    const timedOut = "The back office product list not available: locator.waitFor: Timeout 30000ms exceeded.\nCall log:\n\u001b[2m  - waiting for locator('.admin-table tbody tr').first() to be visible\u001b[22m\n";
    const markdown = sizesMarkdown([sized(100_000, { adminProductListMs: null, unavailable: [timedOut] }, 2100)]);
    expect(markdown.split('\n').at(-1)).toBe('Not available: 100,000 products: The back office product list not available: locator.waitFor: Timeout 30000ms exceeded.');
  });
});
