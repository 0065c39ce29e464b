/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';
import { BRAND } from '../domain/src/config.ts';
import { logoMark } from './src/config/logoMark.ts';
import { firestoreOrigin } from './src/config/firestoreOrigin.ts';
import { readWebConfig } from './src/config/webConfig.ts';
import { APP_SHELL_FILE, ASSET_LIST_FILE, BOOT_SCRIPT_FILE, CLIENT_ONLY_PATHS, SEARCH_INDEX_PATH, SEARCH_PAGE_PATH, SITEMAP_PATH } from './src/config/paths.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));
/**
 * Where the browser build goes (HARBOR_WEB_OUT, else web/dist); the server renderer's build goes
 * beside it, with "-server" added (web/dist-server), and takes in its app shell and manifest.
 */
const clientOutDir = resolve(webDir, process.env.HARBOR_WEB_OUT ?? 'dist');
const countedSdk = fileURLToPath(new URL('./src/lib/firestoreReads.ts', import.meta.url));
const readCounter = fileURLToPath(new URL('./src/lib/readCounter.ts', import.meta.url));
const uncountedReads = fileURLToPath(new URL('./src/lib/readCount.ts', import.meta.url));
const zodWithoutEval = fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url));
/** The shop's mark: the site's favicon and the header's logo (src/config/logo.ts), drawn once. */
const faviconSvg = readFileSync(fileURLToPath(new URL('./src/config/favicon.svg', import.meta.url)), 'utf8');

/** Resolves imports of `specifier` to `replacement`, except inside the replacement itself. */
function substitute(specifier: string, replacement: string): Plugin {
  return {
    name: `harbor:substitute-${specifier}`,
    enforce: 'pre',
    resolveId(source, importer) {
      return source === specifier && importer !== replacement ? replacement : null;
    },
  };
}

/** Resolves every import of the module `file` (a relative import ending in its name) to `replacement`. */
function substituteFile(file: string, replacement: string): Plugin {
  const name = file.replace(/^.*\//, '').replace(/\.ts$/, '');
  return {
    name: `harbor:substitute-${name}`,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.') || !source.endsWith(name)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === file ? replacement : null;
    },
  };
}

/**
 * Counts every Firestore document read (src/lib/readCounter.ts), through the SDK or the REST
 * API, for the benchmark and the read budget tests. Emulator builds only.
 */
export function countFirestoreReads(): Plugin[] {
  return [substitute('firebase/firestore/lite', countedSdk), substituteFile(uncountedReads, readCounter)];
}

/**
 * Puts the entry stylesheet into index.html itself: the first paint waits for it, and at about
 * 4 KB gzip it costs less inline than a round trip of its own.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'harbor:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/, (tag, file: string) => {
          const asset = bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * Puts the header bar into index.html itself, so the browser paints the brand as soon as the HTML
 * and CSS arrive rather than after all the JavaScript (first contentful paint). React replaces it
 * with the real page when it starts.
 */
function appShell(): Plugin {
  const byline = BRAND.fullName.replace(BRAND.name, '').trim();
  const mark = logoMark(faviconSvg);
  const header = `<header class="site-header"><div class="container header-row"><span class="logo"><span class="logo-mark">${mark}</span><span class="logo-text"><strong>${BRAND.name}</strong> <small>${byline}</small></span></span></div></header>`;
  return {
    name: 'harbor:app-shell',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root">${header}</div>`),
  };
}

/**
 * Serves the shop's mark as /favicon.svg, from its one source in src/config (which the header's
 * logo imports): written into the build, and answered by the development server.
 */
function favicon(): Plugin {
  return {
    name: 'harbor:favicon',
    configureServer(server) {
      server.middlewares.use('/favicon.svg', (_request, response) => {
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(faviconSvg);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: faviconSvg });
    },
  };
}

/**
 * Opens the connection to Firestore while the HTML is parsed: the first catalog page is read from
 * it as soon as the code runs, so the DNS, TCP and TLS round trips are done by then. Anonymous
 * (crossorigin), as the REST reads are sent without credentials.
 */
function preconnect(origin: string): Plugin {
  return {
    name: 'harbor:preconnect',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: true }, injectTo: 'head-prepend' }],
  };
}

/**
 * Writes the app shell as `app.html` rather than `index.html`: Hosting serves a file that exists
 * before any rewrite, and `/` is the server renderer's (firebase.json). The client-only pages are
 * rewritten to `/app.html`, and the renderer fills its `<div id="root">` (web/src/server.tsx).
 */
function appShellFile(): Plugin {
  return {
    name: 'harbor:app-shell-file',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build has no index.html to write as app.html.');
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: APP_SHELL_FILE, source: index.source });
    },
  };
}

/**
 * Writes robots.txt: search engines may read every page but the client-only ones (a browser
 * session fills them), and find the sitemap (the sitemap function) at the shop's address.
 */
function robotsFile(siteUrl: string): Plugin {
  return {
    name: 'harbor:robots',
    apply: 'build',
    generateBundle() {
      const disallowed = [...new Set(CLIENT_ONLY_PATHS.map((path) => path.replace(/\/\*\*$/, '/')))];
      const source = ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), `Sitemap: ${siteUrl}${SITEMAP_PATH}`, ''].join('\n');
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source });
    },
  };
}

/**
 * Writes src/boot.ts, the one script of a page rendered on the server, as `assets/boot-<hash>.js`
 * and names it in `boot.json` for the renderer. It is built on its own, not as a second entry of
 * this build: a second entry changes how the build splits the shop's modules, and the first view's
 * download grew by 7 KB gzip.
 */
function bootScript(): Plugin {
  return {
    name: 'harbor:boot-script',
    apply: 'build',
    async generateBundle() {
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        build: { write: false, minify: true, target: 'es2022', rolldownOptions: { input: resolve(webDir, 'src/boot.ts') } },
      });
      const chunk = (Array.isArray(built) ? built : [built]).flatMap((result) => ('output' in result ? result.output : [])).find((file) => file.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('src/boot.ts built to no script.');
      const fileName = `assets/boot-${createHash('sha256').update(chunk.code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
      this.emitFile({ type: 'asset', fileName: BOOT_SCRIPT_FILE, source: JSON.stringify({ file: fileName }) });
    },
  };
}

/**
 * Writes `shop.json` beside the server renderer (web/dist-server, which Hosting never serves): the
 * shop's address this build is for, which functions/build.mjs gives the functions, so their
 * e-mails link to this shop.
 */
function shopAddressFile(siteUrl: string): Plugin {
  return {
    name: 'harbor:shop-address',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'shop.json', source: JSON.stringify({ siteUrl }) });
    },
  };
}

/** Lists the build's asset files in `assets.json`, so the next deploy keeps them (scripts/keep-live-assets.ts). */
function assetList(): Plugin {
  return {
    name: 'harbor:asset-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => file.startsWith('assets/'));
      this.emitFile({ type: 'asset', fileName: ASSET_LIST_FILE, source: JSON.stringify({ files }) });
    },
  };
}

/** The zod functions the shop's schemas are built with. */
const ZOD_BUILDERS = ['string', 'number', 'boolean', 'enum', 'array', 'object', 'strictObject', 'coerce'];

export default defineConfig(({ mode, command, isSsrBuild }) => {
  // Read and validated once, here: a production build without the real project's config fails.
  const config = readWebConfig(loadEnv(mode, webDir, 'VITE_'), { requireProject: command === 'build' && mode === 'production' });
  const emulators = config.emulators;
  return {
    define: { __HARBOR_CONFIG__: JSON.stringify(config) },
    // `npm run dev`: the search index file and the search page, which Hosting serves through
    // rewrites to functions (firebase.json), come from the functions emulator. The dev server
    // renders every page in the browser (server rendering is the built shop's: `npm start`).
    server: emulators
      ? {
          proxy: Object.fromEntries(
            Object.entries({ [SEARCH_INDEX_PATH]: 'searchIndexFile', [SEARCH_PAGE_PATH]: 'searchPage' }).map(([path, functionId]) => [
              path,
              {
                target: `http://${emulators.host}:${emulators.functionsPort}`,
                rewrite: (url: string) => url.replace(path, `/${config.firebase.projectId}/us-central1/${functionId}`),
              },
            ]),
          ),
        }
      : {},
    plugins: [
      react(),
      substitute('zod', zodWithoutEval),
      // The server bundle (`vite build --ssr src/server.tsx`) has no HTML and counts no reads; it says the shop's address.
      ...(isSsrBuild ? [shopAddressFile(config.siteUrl)] : [appShell(), favicon(), preconnect(firestoreOrigin(config)), inlineEntryStylesheet(), bootScript(), appShellFile(), robotsFile(config.siteUrl), assetList(), ...(emulators ? [countFirestoreReads()] : [])]),
    ],
    // The browser build the server renderer is made for (web/src/server.tsx).
    resolve: isSsrBuild ? { alias: { '@harbor/web-build': clientOutDir } } : {},
    // The icons the pages use, not the whole set (the functions' bundler would take all of it).
    ...(isSsrBuild ? { ssr: { noExternal: ['lucide-react'] }, publicDir: false as const } : {}),
    build: {
      target: isSsrBuild ? 'node24' : 'es2022',
      outDir: isSsrBuild ? `${clientOutDir}-server` : clientOutDir,
      sourcemap: true,
      // The manifest lets the performance budget (bench/check-budgets.ts) see what each route loads.
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // Building a zod schema has no side effect, so schemas nobody uses are left out of the bundle.
          // The builders by name, not `z` itself: that would also match any minified library
          // function called `z` and drop its calls.
          manualPureFunctions: ZOD_BUILDERS.map((builder) => `z.${builder}`),
        },
        // What every page loads goes into three chunks rather than the twenty small shared ones
        // rolldown makes by itself (8 KB less gzip for `/`): React, the other libraries, and the
        // shop's own modules. A server-rendered page evaluates each in a task of its own (src/boot.ts).
        ...(isSsrBuild
          ? {}
          : {
              output: {
                codeSplitting: {
                  groups: [
                    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]app[\\/]reactDom\.ts$/, tags: ['$initial' as const], priority: 3 },
                    { name: 'libraries', test: /node_modules/, tags: ['$initial' as const], priority: 2 },
                    { name: 'shop', tags: ['$initial' as const], priority: 1 },
                  ],
                },
              },
            }),
      },
    },
    test: {
      name: 'web',
      // happy-dom rather than jsdom: every test passes in both, and the layer took 84 s of
      // processor instead of 135 s (the DOM's start per file and its event loop are lighter).
      environment: 'happy-dom',
      // Worker threads start for less than child processes (../vitest.config.ts).
      pool: 'threads',
      setupFiles: ['./src/test/setup.ts'],
      // npm test runs these beside the browser journeys on two cores: a component test that
      // clicks through pages (the order history's) took 5.6 s there, over vitest's 5 s default.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
