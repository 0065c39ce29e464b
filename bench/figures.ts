/**
 * Every figure of a bench run under a stable key, and when a figure counts as worse than the
 * previous run's: beyond a noise threshold per kind of figure, chosen from how much repeated runs
 * of one build move on a shared 2-core machine.
 */
import type { BenchResults } from './results';

export type FigureKind = 'size' | 'score' | 'lcp' | 'tbt' | 'cls' | 'reads' | 'latency' | 'failures';

interface KindRule {
  lowerIsBetter: boolean;
  /** A regression is worse by more than `absolute` (in the figure's unit) and by more than `relative` x the previous value. */
  absolute: number;
  relative: number;
  format: (value: number) => string;
  /** The rule in words, for the tables' legend. */
  rule: string;
}

const milliseconds = (value: number) => `${Math.round(value)} ms`;

export const KINDS: Record<FigureKind, KindRule> = {
  // Builds are deterministic: 1 KB is about one small component more.
  size: { lowerIsBetter: true, absolute: 1, relative: 0, format: (value) => `${value} KB`, rule: 'a bundle up more than 1 KB' },
  // The median of five runs still moves by 1 or 2 points with the machine's load.
  score: { lowerIsBetter: false, absolute: 3, relative: 0, format: String, rule: 'a Lighthouse score down more than 3 points' },
  // Simulated throttling computes LCP from the trace, so it moves by a few percent at most.
  lcp: { lowerIsBetter: true, absolute: 0, relative: 0.1, format: (value) => `${(value / 1000).toFixed(2)} s`, rule: 'LCP up more than 10%' },
  // Main-thread time doubles when other work shares the cores.
  tbt: { lowerIsBetter: true, absolute: 100, relative: 0.5, format: milliseconds, rule: 'TBT up more than 50% and 100 ms' },
  cls: { lowerIsBetter: true, absolute: 0.01, relative: 0, format: String, rule: 'CLS up more than 0.01' },
  // Counted, not timed: any extra document is real.
  reads: { lowerIsBetter: true, absolute: 0, relative: 0, format: String, rule: 'any more documents read' },
  // Ten runs of one build (20 buyers of one product) gave p95s from 0.6 to 1.5 s and p50s from 0.3
  // to 0.6 s as the load average went from 3 to 20: only a larger step stands out from that.
  latency: { lowerIsBetter: true, absolute: 200, relative: 0.5, format: milliseconds, rule: 'a callable p50 or p95 up more than 50% and 200 ms' },
  failures: { lowerIsBetter: true, absolute: 0, relative: 0, format: String, rule: 'any more failed calls' },
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
}

/** The keys figures are compared by: the same page, route, view or load in both runs. */
export const figureKey = {
  bundle: (paths: string[] | 'home', part: 'js' | 'css') => `bundle ${paths === 'home' ? 'home' : paths.join(', ')} ${part}`,
  lighthouse: (path: string, metric: string) => `lighthouse ${path} ${metric}`,
  reads: (view: string) => `reads ${view}`,
  latency: (callable: string, load: string, metric: string) => `latency ${callable} ${load} ${metric}`,
};

/** Every figure a run measured. Tolerates runs recorded before a section existed. */
export function figures(results: Partial<BenchResults>): Figure[] {
  const list: Figure[] = [];
  const add = (key: string, kind: FigureKind, value: number | undefined) => {
    if (typeof value === 'number' && Number.isFinite(value)) list.push({ key, kind, value });
  };
  const { bundle, lighthouse = [], reads = [], latency = [] } = results;
  if (bundle) {
    add(figureKey.bundle('home', 'js'), 'size', bundle.home.jsKb);
    add(figureKey.bundle('home', 'css'), 'size', bundle.home.cssKb);
    for (const route of bundle.routes) {
      add(figureKey.bundle(route.paths, 'js'), 'size', route.jsKb);
      add(figureKey.bundle(route.paths, 'css'), 'size', route.cssKb);
    }
  }
  for (const page of lighthouse) {
    add(figureKey.lighthouse(page.path, 'performance'), 'score', page.performance);
    add(figureKey.lighthouse(page.path, 'accessibility'), 'score', page.accessibility);
    add(figureKey.lighthouse(page.path, 'best-practices'), 'score', page.bestPractices);
    add(figureKey.lighthouse(page.path, 'lcp'), 'lcp', page.lcpMs);
    add(figureKey.lighthouse(page.path, 'tbt'), 'tbt', page.tbtMs);
    add(figureKey.lighthouse(page.path, 'cls'), 'cls', page.cls);
    add(figureKey.lighthouse(page.path, 'js'), 'size', page.scriptTransferKb);
  }
  for (const view of reads) add(figureKey.reads(view.view), 'reads', view.reads);
  for (const row of latency) {
    add(figureKey.latency(row.callable, row.load, 'p50'), 'latency', row.p50Ms);
    add(figureKey.latency(row.callable, row.load, 'p95'), 'latency', row.p95Ms);
    add(figureKey.latency(row.callable, row.load, 'failures'), 'failures', row.failures);
  }
  return list;
}

export interface Comparison {
  /** The previous run's value of a figure, when it measured it. */
  previous(key: string): number | undefined;
  /** The figures worse than the previous run's beyond their threshold. */
  regressions: (Figure & { previous: number })[];
}

export function compareRuns(current: Partial<BenchResults>, previous: Partial<BenchResults> | null): Comparison {
  const before = new Map((previous ? figures(previous) : []).map((figure) => [figure.key, figure.value]));
  const regressions = figures(current).flatMap((figure) => {
    const old = before.get(figure.key);
    return old !== undefined && isRegression(figure.kind, figure.value, old) ? [{ ...figure, previous: old }] : [];
  });
  return { previous: (key) => before.get(key), regressions };
}
