/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { BRAND } from '../domain/src/config.ts';
import { firestoreOrigin } from './src/config/firestoreOrigin.ts';
import { readWebConfig } from './src/config/webConfig.ts';
import { PRODUCT_PAGE_PATH, SEARCH_INDEX_PATH, SEARCH_PAGE_PATH } from './src/config/paths.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const countedSdk = fileURLToPath(new URL('./src/lib/firestoreReads.ts', import.meta.url));
const readCounter = fileURLToPath(new URL('./src/lib/readCounter.ts', import.meta.url));
const uncountedReads = fileURLToPath(new URL('./src/lib/readCount.ts', import.meta.url));
const zodWithoutEval = fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url));

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

/** A chunk and every chunk it imports statically, directly or through others. */
function staticImportsOf(fileName: string, bundle: Record<string, { type: string; imports?: string[] }>, found = new Set<string>()): string[] {
  if (found.has(fileName)) return [...found];
  found.add(fileName);
  for (const imported of bundle[fileName]?.imports ?? []) staticImportsOf(imported, bundle, found);
  return [...found];
}

/** Where a page's own files are listed in its HTML document. */
const PAGE_FILES = /<!--page-files-->[\s\S]*<!--\/page-files-->/;

/**
 * One HTML document per public page, each preloading that page's lazy chunk (and any module loaded
 * on demand that its first view waits for), what they import and their CSS: `index.html` for the
 * home page, and for the others the file that firebase.json rewrites their paths to
 * (`/product/**` to `product.html`, `/cart` to `cart.html`). The page's code then downloads beside
 * the entry, found by the browser's preload scanner in the HTML, instead of after the entry has
 * run, and a visit to the cart no longer downloads the home page's code. Every other path gets
 * `index.html`; its page loads when the app asks for it.
 *
 * The entry's own module preloads (Vite's) are marked low priority: the first paint (the header
 * bar and the inline stylesheet) needs none of them, and the browser then fetches them right after
 * what it does need instead of beside it.
 */
function pageDocuments(pages: Record<string, string[]>): Plugin[] {
  const pageFiles = new Map<string, string>();
  const listPageFiles: Plugin = {
    name: 'harbor:page-documents',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const viteModulePreload = '<link rel="modulepreload" crossorigin';
        if (!html.includes(viteModulePreload)) throw new Error('index.html has no module preload in the form Vite writes it.');
        const inEntry = (file: string) => html.includes(`/${file}"`);
        for (const [document, modules] of Object.entries(pages)) {
          const scripts = [
            ...new Set(
              modules.flatMap((module) => {
                const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(module));
                if (chunk?.type !== 'chunk') throw new Error(`The build has no lazy chunk for ${module}.`);
                return staticImportsOf(chunk.fileName, bundle ?? {});
              }),
            ),
          ];
          const styles = new Set(scripts.flatMap((file) => {
            const output = bundle?.[file];
            return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
          }));
          const links = [
            ...scripts.filter((file) => !inEntry(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].filter((file) => !inEntry(file)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ];
          pageFiles.set(document, `<!--page-files-->${links.join('')}<!--/page-files-->`);
        }
        const home = pageFiles.get('index.html');
        if (!home) throw new Error('No page is given for index.html.');
        return html.replaceAll(viteModulePreload, '<link rel="modulepreload" fetchpriority="low" crossorigin').replace('</head>', `${home}</head>`);
      },
    },
  };
  // After Vite has written index.html (its own plugin for that runs after the project's plugins).
  const writeDocuments: Plugin = {
    name: 'harbor:page-documents-write',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build has no index.html to make the pages\' documents from.');
      const html = String(index.source);
      for (const [document, files] of pageFiles) {
        if (document !== 'index.html') this.emitFile({ type: 'asset', fileName: document, source: html.replace(PAGE_FILES, files) });
      }
    },
  };
  return [listPageFiles, writeDocuments];
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
  const header = `<header class="site-header"><div class="container header-row"><span class="logo"><img src="/favicon.svg" alt="" width="32" height="32" /><span class="logo-text"><strong>${BRAND.name}</strong> <small>${byline}</small></span></span></div></header>`;
  return {
    name: 'harbor:app-shell',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root">${header}</div>`),
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

const firstReads = fileURLToPath(new URL('./src/app/firstReads.ts', import.meta.url));

/**
 * Builds src/app/firstReads.ts as an entry of its own and loads it from index.html before the
 * app: a small module that starts the first page's Firestore reads while the app's code still
 * downloads (in one entry with the app, it would wait for all of that code).
 */
function firstReadsEntry(): Plugin {
  return {
    name: 'harbor:first-reads-entry',
    apply: 'build',
    options(options) {
      return { ...options, input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), firstReads } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === firstReads);
        if (chunk?.type !== 'chunk') throw new Error('The build has no entry for src/app/firstReads.ts.');
        // What it imports is fetched at the default (high) priority: the reads wait for it.
        const imports = staticImportsOf(chunk.fileName, bundle ?? {}).filter((file) => file !== chunk.fileName);
        let page = html;
        for (const file of imports) page = page.replace(new RegExp(`<link [^>]*href="/${file.replace(/[.]/g, '\\.')}"[^>]*>\\s*`), '');
        return {
          html: page,
          tags: [
            { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' },
            ...imports.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head-prepend' as const })),
          ],
        };
      },
    },
  };
}

/** The zod functions the shop's schemas are built with. */
const ZOD_BUILDERS = ['string', 'number', 'boolean', 'enum', 'array', 'object', 'strictObject', 'coerce'];

/** React's modules, as the application and its libraries import them, and Preact's for each. */
const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ mode, command }) => {
  // Read and validated once, here: a production build without the real project's config fails.
  const config = readWebConfig(loadEnv(mode, webDir, 'VITE_'), { requireProject: command === 'build' && mode === 'production' });
  const emulators = config.emulators;
  return {
    define: { __HARBOR_CONFIG__: JSON.stringify(config) },
    // `npm run dev`: the search index file and the search and product pages, which Hosting serves
    // through rewrites to functions (firebase.json), come from the functions emulator.
    server: emulators
      ? {
          proxy: Object.fromEntries(
            Object.entries({ [SEARCH_INDEX_PATH]: 'searchIndexFile', [SEARCH_PAGE_PATH]: 'searchPage', [PRODUCT_PAGE_PATH]: 'productPage' }).map(([path, functionId]) => [
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
      appShell(),
      preconnect(firestoreOrigin(config)),
      substitute('zod', zodWithoutEval),
      pageDocuments({
        'index.html': ['/src/features/catalog/pages/HomePage.tsx'],
        'product.html': ['/src/features/catalog/pages/ProductPage.tsx'],
        // The cart shows a guest's lines once they are checked (lib/validation, loaded on demand elsewhere).
        'cart.html': ['/src/features/cart/pages/CartPage.tsx', '/src/lib/validation.ts'],
      }),
      inlineEntryStylesheet(),
      // After pageDocuments, whose low priority it lifts from the chunks the first reads need.
      firstReadsEntry(),
      ...(emulators ? [countFirestoreReads()] : []),
    ],
    // Production builds run the app on Preact's React-compatible runtime: 11 KB gzip where React
    // and React DOM take 65 KB, about half of what the first view downloads, and on a phone the
    // largest part of the time to its content. The unit tests and `npm run dev` keep React; the
    // browser journeys run the production build. React 19 only features are not used (a page's
    // title is set with components/PageTitle, not a hoisted <title>).
    resolve: command === 'build' ? { alias: PREACT_FOR_REACT } : {},
    build: {
      target: 'es2022',
      sourcemap: true,
      // The manifest lets the performance budget (bench/check-budgets.ts) see what each route loads.
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // Building a zod schema has no side effect, so schemas nobody uses are left out of the bundle.
          // The builders by name, not `z` itself: that would also match any minified library
          // function called `z` and drop its calls (Preact's style setter is one).
          manualPureFunctions: ZOD_BUILDERS.map((builder) => `z.${builder}`),
        },
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // npm test runs these beside the browser journeys on two cores: a component test that
      // clicks through pages (the order history's) took 5.6 s there, over vitest's 5 s default.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
