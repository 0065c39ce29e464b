/**
 * Every figure of a bench run under a stable key, and when a figure counts as worse than the
 * previous run's: beyond a noise threshold per kind of figure, chosen from how much repeated runs
 * of one build move on a shared 2-core machine. Timed figures are not held against a run made
 * while the machine was much busier than during the previous one.
 */
import type { BenchResults } from './results';

export type FigureKind = 'size' | 'score' | 'lcp' | 'tbt' | 'cls' | 'reads' | 'latency' | 'failures' | 'throughput';

interface KindRule {
  lowerIsBetter: boolean;
  /** A regression is worse by more than `absolute` (in the figure's unit) and by more than `relative` x the previous value. */
  absolute: number;
  relative: number;
  format: (value: number) => string;
  /** The rule in words, for the tables' legend. */
  rule: string;
  /** Timed, so slower when other work shares the cores (sizes and counts are not). */
  timed?: boolean;
}

const milliseconds = (value: number) => `${Math.round(value)} ms`;

export const KINDS: Record<FigureKind, KindRule> = {
  // Builds are deterministic: 1 KB is about one small component more.
  size: { lowerIsBetter: true, absolute: 1, relative: 0, format: (value) => `${value} KB`, rule: 'a bundle up more than 1 KB' },
  // The median of five runs still moves by 1 or 2 points with the machine's load.
  score: { lowerIsBetter: false, absolute: 3, relative: 0, format: String, rule: 'a Lighthouse score down more than 3 points', timed: true },
  // Simulated throttling computes LCP from the trace, so it moves by a few percent at most.
  lcp: { lowerIsBetter: true, absolute: 0, relative: 0.1, format: (value) => `${(value / 1000).toFixed(2)} s`, rule: 'LCP up more than 10%', timed: true },
  // Main-thread time doubles when other work shares the cores.
  tbt: { lowerIsBetter: true, absolute: 100, relative: 0.5, format: milliseconds, rule: 'TBT up more than 50% and 100 ms', timed: true },
  cls: { lowerIsBetter: true, absolute: 0.01, relative: 0, format: String, rule: 'CLS up more than 0.01' },
  // Counted, not timed: any extra document is real.
  reads: { lowerIsBetter: true, absolute: 0, relative: 0, format: String, rule: 'any more documents read' },
  // Ten runs of one build (20 buyers of one product) gave p95s from 0.6 to 1.5 s and p50s from 0.3
  // to 0.6 s as the load average went from 3 to 20: only a larger step stands out from that.
  latency: { lowerIsBetter: true, absolute: 200, relative: 0.5, format: milliseconds, rule: 'a callable p50 or p95 up more than 50% and 200 ms', timed: true },
  failures: { lowerIsBetter: true, absolute: 0, relative: 0, format: String, rule: 'any more failed calls' },
  // Batches of writes slow down with the load about as the callables' latency does.
  throughput: { lowerIsBetter: false, absolute: 0, relative: 1 / 3, format: (value) => `${Math.round(value)} rows/s`, rule: 'an import slower by more than a third', timed: true },
};

export function isRegression(kind: FigureKind, current: number, previous: number): boolean {
  const { lowerIsBetter, absolute, relative } = KINDS[kind];
  const worse = lowerIsBetter ? current - previous : previous - current;
  return worse > absolute && worse > relative * Math.abs(previous);
}

export interface Figure {
  key: string;
  kind: FigureKind;
  value: number;
  /** The machine's load average while it was measured (timed figures). */
  load?: number;
}

/**
 * Much busier: a load average over 1.5 times the previous run's and 2 more. Latency and TBT grow
 * about with the load average, so a timed figure that is worse then is not counted as a regression.
 */
export function muchBusier(load: number | undefined, previousLoad: number | undefined): boolean {
  return load !== undefined && previousLoad !== undefined && load > 1.5 * previousLoad && load > previousLoad + 2;
}

/** The keys figures are compared by: the same page, route, view or load in both runs. */
export const figureKey = {
  bundle: (paths: string[] | 'home', part: 'js' | 'css') => `bundle ${paths === 'home' ? 'home' : paths.join(', ')} ${part}`,
  lighthouse: (path: string, metric: string) => `lighthouse ${path} ${metric}`,
  reads: (view: string) => `reads ${view}`,
  latency: (callable: string, load: string, metric: string) => `latency ${callable} ${load} ${metric}`,
  productImport: (rows: number, metric: string) => `import ${rows} rows ${metric}`,
};

/** Every figure a run measured. Tolerates runs recorded before a section existed. */
export function figures(results: Partial<BenchResults>): Figure[] {
  const list: Figure[] = [];
  const add = (key: string, kind: FigureKind, value: number | undefined, load?: number) => {
    if (typeof value === 'number' && Number.isFinite(value)) list.push({ key, kind, value, ...(load === undefined ? {} : { load }) });
  };
  const lighthouseLoad = results.environment?.loadAverage;
  const { bundle, lighthouse = [], reads = [], latency = [], productImport } = results;
  if (bundle) {
    add(figureKey.bundle('home', 'js'), 'size', bundle.home.jsKb);
    add(figureKey.bundle('home', 'css'), 'size', bundle.home.cssKb);
    for (const route of bundle.routes) {
      add(figureKey.bundle(route.paths, 'js'), 'size', route.jsKb);
      add(figureKey.bundle(route.paths, 'css'), 'size', route.cssKb);
    }
  }
  for (const page of lighthouse) {
    add(figureKey.lighthouse(page.path, 'performance'), 'score', page.performance, lighthouseLoad);
    add(figureKey.lighthouse(page.path, 'accessibility'), 'score', page.accessibility, lighthouseLoad);
    add(figureKey.lighthouse(page.path, 'best-practices'), 'score', page.bestPractices, lighthouseLoad);
    add(figureKey.lighthouse(page.path, 'lcp'), 'lcp', page.lcpMs, lighthouseLoad);
    add(figureKey.lighthouse(page.path, 'tbt'), 'tbt', page.tbtMs, lighthouseLoad);
    add(figureKey.lighthouse(page.path, 'cls'), 'cls', page.cls);
    add(figureKey.lighthouse(page.path, 'js'), 'size', page.scriptTransferKb);
  }
  for (const view of reads) add(figureKey.reads(view.view), 'reads', view.reads);
  for (const row of latency) {
    // Before and after: the calls themselves keep the cores busy, alike in every run.
    const load = row.loadAverage ? (row.loadAverage[0] + row.loadAverage[1]) / 2 : undefined;
    add(figureKey.latency(row.callable, row.load, 'p50'), 'latency', row.p50Ms, load);
    add(figureKey.latency(row.callable, row.load, 'p95'), 'latency', row.p95Ms, load);
    add(figureKey.latency(row.callable, row.load, 'failures'), 'failures', row.failures);
  }
  if (productImport) {
    const load = (productImport.loadAverage[0] + productImport.loadAverage[1]) / 2;
    add(figureKey.productImport(productImport.rows, 'compare'), 'throughput', productImport.compareRowsPerSecond, load);
    add(figureKey.productImport(productImport.rows, 'apply'), 'throughput', productImport.applyRowsPerSecond, load);
    add(figureKey.productImport(productImport.rows, 'failures'), 'failures', productImport.failedBatches);
  }
  return list;
}

export type Change = Figure & { previous: number; previousLoad?: number };

export interface Comparison {
  /** The previous run's value of a figure, when it measured it. */
  previous(key: string): number | undefined;
  /** The figures worse than the previous run's beyond their threshold. */
  regressions: Change[];
  /** Timed figures as much worse, measured while the machine was much busier: not counted. */
  busier: Change[];
}

export function compareRuns(current: Partial<BenchResults>, previous: Partial<BenchResults> | null): Comparison {
  const before = new Map((previous ? figures(previous) : []).map((figure) => [figure.key, figure]));
  const worse = figures(current).flatMap((figure): Change[] => {
    const old = before.get(figure.key);
    return old && isRegression(figure.kind, figure.value, old.value) ? [{ ...figure, previous: old.value, ...(old.load === undefined ? {} : { previousLoad: old.load }) }] : [];
  });
  const excused = (change: Change) => Boolean(KINDS[change.kind].timed) && muchBusier(change.load, change.previousLoad);
  return {
    previous: (key) => before.get(key)?.value,
    regressions: worse.filter((change) => !excused(change)),
    busier: worse.filter(excused),
  };
}
