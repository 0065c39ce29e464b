/**
 * What `npm run deploy:check` asks of firebase.json before a deploy: a runtime Cloud Functions
 * still accepts, the same Node major in the functions' package.json, rewrites to functions that
 * exist in their region (and to files the web build has), the security headers, HTML documents
 * served through a rewrite revalidated (a cached one would name assets a later release removed), and a
 * Content-Security-Policy whose connect-src lets the app reach every origin it calls.
 */
import { DEFAULT_REGION, type FunctionEndpoint } from './functionEndpoints';

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

interface Rewrite {
  source?: string;
  regex?: string;
  destination?: string;
  function?: string | { functionId: string; region?: string };
}

export interface FirebaseConfig {
  functions: { source: string; runtime?: string }[];
  hosting: { public: string; rewrites?: Rewrite[]; headers?: HeaderRule[] };
}

/** firebase-tools' table of runtimes (lib/deploy/functions/runtimes/supported/types.js). */
export type RuntimeTable = Record<string, { status: string; deprecationDate: string; decommissionDate: string }>;

export interface ConfigCheckInput {
  config: FirebaseConfig;
  runtimes: RuntimeTable;
  /** The `engines.node` of each functions source's package.json, by source folder. */
  enginesNode: Record<string, string | undefined>;
  endpoints: FunctionEndpoint[];
  /** Origins the production app calls (web/src/config/connectOrigins.ts). */
  connectOrigins: string[];
  /** Whether a file exists in the web build, for rewrites to a destination. */
  hostingFileExists: (path: string) => boolean;
  today: Date;
}

/** The headers every response of the shop must carry. */
export const REQUIRED_HEADERS = ['Content-Security-Policy', 'X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy'];

/** Whether one CSP source expression (`https://*.example.com`, `https://host/path/`, `https:`) allows a URL. */
export function cspSourceAllows(source: string, url: URL): boolean {
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return url.protocol === source;
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?(\/.*)?$/.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port, path] = match;
  if (scheme && `${scheme}:` !== url.protocol) return false;
  const hostMatches = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  if (!hostMatches) return false;
  if (port && port !== '*' && port !== (url.port || (url.protocol === 'https:' ? '443' : '80'))) return false;
  if (!path) return true;
  return path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path;
}

function directive(policy: string, name: string): string[] | null {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : null;
}

function runtimeProblems({ config, runtimes, enginesNode, today }: ConfigCheckInput): string[] {
  return config.functions.flatMap((source) => {
    const runtime = source.runtime;
    if (!runtime) return [`functions (${source.source}): no runtime; set one Cloud Functions supports, such as nodejs24`];
    const entry = runtimes[runtime];
    const problems: string[] = [];
    if (!entry) problems.push(`functions (${source.source}): runtime ${runtime} is not one Cloud Functions knows`);
    else if (entry.status === 'decommissioned' || new Date(entry.decommissionDate) <= today) problems.push(`functions (${source.source}): runtime ${runtime} was decommissioned on ${entry.decommissionDate}; a deploy cannot create or update a function on it`);
    else if (new Date(entry.deprecationDate) <= today) problems.push(`functions (${source.source}): runtime ${runtime} is deprecated since ${entry.deprecationDate}`);
    const major = /^nodejs(\d+)$/.exec(runtime)?.[1];
    const engines = enginesNode[source.source];
    if (major && engines !== major) problems.push(`functions (${source.source}): package.json engines.node is ${engines ?? 'missing'}, firebase.json deploys ${runtime}`);
    return problems;
  });
}

function rewriteProblems({ config, endpoints, hostingFileExists }: ConfigCheckInput): string[] {
  return (config.hosting.rewrites ?? []).flatMap((rewrite) => {
    const where = `rewrite ${rewrite.source ?? rewrite.regex}`;
    if (rewrite.destination) return hostingFileExists(rewrite.destination) ? [] : [`${where}: ${rewrite.destination} is not in the web build (${config.hosting.public})`];
    if (!rewrite.function) return [];
    const { functionId, region = DEFAULT_REGION } = typeof rewrite.function === 'string' ? { functionId: rewrite.function } : rewrite.function;
    const endpoint = endpoints.find((candidate) => candidate.id === functionId);
    if (!endpoint) return [`${where}: function ${functionId} is not exported by the functions`];
    if (!endpoint.regions.includes(region)) return [`${where}: function ${functionId} is deployed in ${endpoint.regions.join(', ')}, not ${region}`];
    if (endpoint.trigger !== 'https') return [`${where}: function ${functionId} is a ${endpoint.trigger} function; Hosting rewrites reach HTTPS (onRequest) functions only`];
    return [];
  });
}

/** A path the rewrite's `source` covers: its glob's wildcards filled in ("/admin/**" gives "/admin/page"). */
const samplePath = (source: string) => source.replace(/\*\*?/g, 'page');

/** Whether a path gets `Cache-Control: no-cache` from a header rule (an exact `source` or a `regex`). */
function revalidated(path: string, rules: HeaderRule[]): boolean {
  return rules.some(
    (rule) =>
      (rule.source === path || (rule.regex !== undefined && new RegExp(rule.regex).test(path))) &&
      rule.headers.some((header) => header.key.toLowerCase() === 'cache-control' && header.value.includes('no-cache')),
  );
}

function cacheProblems({ config }: ConfigCheckInput): string[] {
  return (config.hosting.rewrites ?? [])
    .filter((rewrite) => rewrite.source && rewrite.destination?.endsWith('.html'))
    .filter((rewrite) => !revalidated(samplePath(rewrite.source!), config.hosting.headers ?? []))
    .map((rewrite) => `rewrite ${rewrite.source}: no header rule gives ${samplePath(rewrite.source!)} "Cache-Control: no-cache", so browsers would keep ${rewrite.destination} after a release that removes the assets it names`);
}

function headerProblems({ config, connectOrigins }: ConfigCheckInput): string[] {
  const everyPage = (config.hosting.headers ?? []).find((rule) => rule.source === '**');
  if (!everyPage) return ['hosting.headers: no rule for "**" with the security headers'];
  const header = (key: string) => everyPage.headers.find((entry) => entry.key.toLowerCase() === key.toLowerCase())?.value;
  const problems = REQUIRED_HEADERS.filter((key) => !header(key)).map((key) => `hosting.headers "**": ${key} is missing`);
  const policy = header('Content-Security-Policy');
  if (!policy) return problems;
  const scripts = directive(policy, 'script-src') ?? directive(policy, 'default-src') ?? [];
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) {
    if (scripts.includes(unsafe)) problems.push(`Content-Security-Policy: script-src allows ${unsafe}`);
  }
  for (const name of ['object-src', 'base-uri', 'frame-ancestors']) {
    if (!directive(policy, name)) problems.push(`Content-Security-Policy: no ${name}`);
  }
  const connect = directive(policy, 'connect-src') ?? directive(policy, 'default-src') ?? [];
  for (const origin of connectOrigins) {
    if (!connect.some((source) => cspSourceAllows(source, new URL(origin)))) problems.push(`Content-Security-Policy: connect-src does not allow ${origin}, which the app calls`);
  }
  return problems;
}

/** Every problem with firebase.json, one readable line each; none means it may deploy. */
export function checkFirebaseConfig(input: ConfigCheckInput): string[] {
  return [...runtimeProblems(input), ...rewriteProblems(input), ...headerProblems(input), ...cacheProblems(input)];
}
