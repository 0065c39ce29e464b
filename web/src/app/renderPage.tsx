/**
 * Renders a public page on the server: the app's own routes and components under a static
 * router, into the app shell's HTML, with the reads it was rendered from for the browser to
 * hydrate with (main.tsx). Always as a signed-out visitor at list prices: the session, the guest
 * cart and a company's prices apply in the browser after hydration.
 */
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { BRAND } from '@harbor/domain';
import type { CatalogSource } from '../features/catalog/catalogSource';
import { notFoundHead } from '../features/catalog/pageHeads';
import { readCatalogRoute } from '../features/catalog/serverReads';
import { api } from '../lib/api';
import { deferredModulesElement } from '../lib/deferredModules';
import { headElements } from '../lib/pageHead';
import { serverStateElement } from '../lib/serverState';
import { signedOutState } from '../lib/session';
import { AppRoutes, isNotFoundPath, preloadPageAt } from './router';
import { makeStore } from './store';

export interface RenderContext {
  /** The shop's public origin (https://…), for canonical and Open Graph addresses. */
  origin: string;
  catalog: CatalogSource;
  /** The app shell's HTML (`app.html` of the build). */
  template: string;
  /** The files of the page at a path (its lazy chunk, what it imports, their styles), named in the head. */
  pageAssets?: (pathname: string) => PageAssets;
  /** The build's src/boot.ts ("assets/boot-x1y2.js"), which starts the page's code once it is painted. */
  bootScript: string;
}

/** Files of the build, by their path in it ("assets/HomePage-x1y2.js"); a stylesheet with its text when the server has it. */
export interface PageAssets {
  scripts: string[];
  styles: { file: string; text?: string }[];
}

export interface RenderedPage {
  status: 200 | 404 | 503;
  html: string;
}

const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>|\s*<script)/;

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The shell with its head's title and description replaced by `head`, the app in its root and
 * `extra` before </body>. The built shell's entry and module preloads give way to `bootScript`,
 * and are named, with the page's own code, for it to load once the page is painted
 * (lib/deferredModules.ts). A shell without a built entry (the source index.html) keeps its script.
 */
function fillTemplate(template: string, { head, app, extra, bootScript, pageScripts }: { head: string; app: string; extra: string; bootScript: string; pageScripts: string[] }): string {
  if (!ROOT.test(template)) throw new Error('The app shell has no <div id="root"> to render into.');
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  const shellScripts = [...template.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const deferred = entry ? { entry, preload: [...new Set([...shellScripts, ...pageScripts.map((file) => `/${file}`)])], libraries: shellScripts } : undefined;
  const page = deferred ? template.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => `<script type="module" crossorigin src="/${bootScript}"></script>`) : template;
  return page
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    // Replacer functions: a replacement string would expand "$&", "$'" and "$$" in the page's text.
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${app}</div>`)
    .replace('</body>', () => `${extra}${deferred ? deferredModulesElement(deferred) : ''}</body>`);
}

/** `url`: the request's path and query. */
export async function renderPage(url: string, context: RenderContext): Promise<RenderedPage> {
  const requested = new URL(url, context.origin);
  const store = makeStore({ auth: signedOutState }, { catalog: context.catalog });
  const route = await readCatalogRoute(store.dispatch, requested, context.origin);
  await preloadPageAt(requested.pathname);
  const location = `${requested.pathname}${requested.search}`;
  const { prelude } = await prerender(
    <Provider store={store}>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </Provider>,
    {
      // The page as one piece of HTML: React would otherwise move a large part out of place and
      // put it back with an inline script, which the Content-Security-Policy refuses (and a
      // browser without JavaScript would never run).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A part that fails is left to the browser to render (React marks it so); the cause is logged.
      onError: (error) => console.error(`Rendering ${location} on the server failed in part.`, error),
    },
  );
  const app = await new Response(prelude).text();
  const { queries, provided } = store.getState().api;
  // The reads go with the page; the store's cache timers (five minutes) would otherwise keep it in memory.
  store.dispatch(api.util.resetApiState());
  const head = headElements(route?.head ?? notFoundHead(requested.pathname), context.origin, BRAND.fullName);
  const assets = context.pageAssets?.(requested.pathname) ?? { scripts: [], styles: [] };
  // The page's styles in the HTML itself (a few KB): a stylesheet request would hold up the first
  // paint by a round trip. Its code is fetched after that paint, with the shell's.
  const styles = assets.styles.map(({ file, text }) => (text === undefined ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<style>${text}</style>`)).join('');
  const status = route ? (route.failed ? 503 : route.found ? 200 : 404) : isNotFoundPath(requested.pathname) ? 404 : 200;
  return { status, html: fillTemplate(context.template, { head: head + styles, app, extra: serverStateElement({ api: { queries, mutations: {}, provided } }), bootScript: context.bootScript, pageScripts: assets.scripts }) };
}
