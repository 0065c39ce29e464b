/** The shape of bench/results.json and of each run in bench/history/. */

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
  /** Who calls at the same moment, e.g. "20 buyers of one product"; with `callable`, the row's key. */
  load: string;
  calls: number;
  /** Calls that were refused or failed. */
  failures: number;
  p50Ms: number;
  p95Ms: number;
  /** The machine's 1-minute load average before and after these calls. */
  loadAverage: [number, number];
}

/** The embedded search index (absent in runs before it existed). */
export interface SearchResult {
  /** Products in the index the shop served, and its stored size (KB and gzip KB). */
  products: number;
  indexKb: number;
  indexGzipKb: number;
  /** The same index computed for 50,000 products (bulk catalog), gzip KB. */
  index50kGzipKb: number;
  /** Milliseconds from the first keystroke in a fresh visit (the box focused first) to the first suggestion shown: the server's search page answers until the index has loaded. The median of `firstSuggestionRunsMs`. */
  firstSuggestionMs: number;
  /** Each fresh visit's time, one word each, loaded through the CDN front (absent in runs before 2026-11-27: one visit, from the Hosting emulator). */
  firstSuggestionRunsMs?: number[];
  /** Milliseconds from a keystroke to the suggestions it changed, once the index is loaded. */
  nextSuggestionMs: number;
}

/** The product CSV import, as the admin page sends it: batches of new products to compare, then to write. */
export interface ImportResult {
  rows: number;
  batches: number;
  /** Batches refused or failed, in both passes. */
  failedBatches: number;
  /** Rows per second of the pass that compares (writes nothing) and of the one that writes. */
  compareRowsPerSecond: number;
  applyRowsPerSecond: number;
  /** The machine's 1-minute load average before and after the import. */
  loadAverage: [number, number];
}

/**
 * The figures of issue 46's catalog sizes (absent in runs before 2026-11-28). A figure is null when
 * the run could not measure it (what it depends on is not in the shop yet): `unavailable` says why.
 */
export interface ScaleResult {
  /** Seconds to seed the products (the triggers off), and to build the search index once from them. */
  seedSeconds: number;
  indexBuildSeconds: number | null;
  /** searchPage straight from the function, warm, one call at a time: a misspelt word, and an exact SKU. */
  typoSearchP95Ms: number | null;
  skuSearchP95Ms: number | null;
  /** Bytes the browser downloaded for search (index parts, suggestions, search pages) in the first-suggestion visits, the median visit. */
  searchDownloadBytes: number | null;
  /** One product renamed through saveProduct: milliseconds until /search-page.json finds the new name, and the documents the index update read. */
  indexUpdateMs: number | null;
  indexUpdateReads: number | null;
  /** The back office's product list: milliseconds from navigation to its first rows, signed in as an admin. */
  adminProductListMs: number | null;
  /** The background import job's rows per second, from its start to its end. */
  importJobRows: number | null;
  importJobRowsPerSecond: number | null;
  /** What could not be measured, and why; one sentence each. */
  unavailable: string[];
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
  search?: SearchResult;
  /** Absent in runs before 2026-11-28. */
  productImport?: ImportResult;
  /** Absent in runs before 2026-11-28. */
  scale?: ScaleResult;
  durationSeconds: number;
}
