/**
 * What each route makes the browser download, read from the Vite manifest of a built web/dist:
 * the entry's static import graph (everything index.html loads), plus the lazy page chunk of a
 * route and that chunk's own static imports (and, for `/`, the boot script a server-rendered page
 * loads first). Sizes are gzip, as Firebase Hosting serves them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../scripts/emulators';
import { BOOT_SCRIPT_FILE, patterns } from '../web/src/config/paths';

export const WEB_DIR = join(ROOT, 'web');
const DIST = join(WEB_DIR, 'dist');
const MANIFEST = join(DIST, '.vite/manifest.json');
/** Names the script a server-rendered page loads first (web/src/boot.ts), built apart from the manifest's chunks. */
const BOOT = join(DIST, BOOT_SCRIPT_FILE);
const ROUTER = join(WEB_DIR, 'src/app/router.tsx');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetSize {
  file: string;
  gzipBytes: number;
}

export interface LoadSize {
  jsGzipBytes: number;
  cssGzipBytes: number;
  assets: AssetSize[];
}

export interface RouteChunk {
  /** Route paths that render this page, as written in router.tsx. */
  paths: string[];
  /** The page module, relative to web/. */
  page: string;
  /** What opening this route adds to the entry's own download. */
  added: LoadSize;
}

export interface BundleReport {
  /** The entry alone: what index.html loads for any route. */
  entry: LoadSize;
  /** Everything `/` loads before any interaction: the entry plus the home page chunk. */
  home: LoadSize;
  routes: RouteChunk[];
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}

function readManifest(): Manifest {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: build the web app first (npm run build -w web).`);
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** The files a chunk loads at once: itself, its static imports (transitively) and their CSS. */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no chunk "${key}".`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

function loadSize(files: Iterable<string>): LoadSize {
  const assets = [...files].map((file) => ({ file, gzipBytes: gzipBytes(file) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (extension: string) => assets.filter((asset) => asset.file.endsWith(extension)).reduce((total, asset) => total + asset.gzipBytes, 0);
  return { jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css'), assets };
}

/**
 * The lazy pages of router.tsx and the paths that render them, read from its
 * `const Page = lazyPage('Page', () => import('…'))` declarations and `{ path: patterns.name, element: <Page /> }`
 * routes (web/src/config/paths.ts; a literal `path: '…'` counts too), or back-office pages declared as
 * `staffPage(patterns.name, [permissions], <Page />)`.
 */
export function routePages(): { page: string; paths: string[] }[] {
  const source = readFileSync(ROUTER, 'utf8');
  const modules = new Map<string, string>();
  for (const [, name, specifier] of source.matchAll(/const (\w+) = lazyPage\('\w+', \(\) => import\('([^']+)'\)\)/g)) {
    const page = posix.join('src/app', specifier!);
    modules.set(name!, ['.tsx', '.ts'].map((extension) => page + extension).find((file) => existsSync(join(WEB_DIR, file))) ?? page);
  }
  const paths = new Map<string, string[]>();
  for (const [, literal, pattern, name] of source.matchAll(/(?:path: |staffPage\()(?:'([^']+)'|patterns\.(\w+)),(?: \[[^\]]*\],)? (?:element: )?<(\w+) \/>/g)) {
    const path = literal ?? patterns[pattern as keyof typeof patterns];
    if (path === undefined) throw new Error(`router.tsx routes patterns.${pattern}, which web/src/config/paths.ts does not define.`);
    paths.set(name!, [...(paths.get(name!) ?? []), path]);
  }
  return [...modules].map(([name, page]) => ({ page, paths: paths.get(name) ?? [] }));
}

export const HOME_PATH = patterns.home;

const bootFile = (): string[] => (existsSync(BOOT) ? [(JSON.parse(readFileSync(BOOT, 'utf8')) as { file: string }).file] : []);

export function bundleReport(): BundleReport {
  const manifest = readManifest();
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entryKeys.length === 0) throw new Error('The Vite manifest has no entry chunk.');
  const entryFiles = new Set(entryKeys.flatMap((key) => [...staticClosure(manifest, key)]));

  const routes = routePages().map(({ page, paths }) => {
    if (!manifest[page]?.isDynamicEntry) throw new Error(`router.tsx lazy-loads ${page}, but the build has no lazy chunk for it.`);
    const added = [...staticClosure(manifest, page)].filter((file) => !entryFiles.has(file));
    return { paths, page, added: loadSize(added) };
  });
  const home = routes.find((route) => route.paths.includes(HOME_PATH));
  if (!home) throw new Error(`router.tsx has no lazy page for the path "${HOME_PATH}".`);

  return {
    entry: loadSize(entryFiles),
    home: loadSize([...entryFiles, ...bootFile(), ...home.added.assets.map((asset) => asset.file)]),
    routes,
  };
}

export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
