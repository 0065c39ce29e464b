/**
 * The server renderer's entry (`vite build --ssr src/server.tsx`, after the browser build, whose
 * app shell and manifest it takes in): functions/src/renderPage.ts serves what it renders.
 */
import boot from '@harbor/web-build/boot.json';
import manifest from '@harbor/web-build/.vite/manifest.json';
import template from '@harbor/web-build/app.html?raw';
import { renderPage, type PageAssets, type RenderContext, type RenderedPage } from './app/renderPage';
import { pageModulesAt } from './app/router';
import { webConfig } from './config';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const chunks = manifest as Record<string, ManifestChunk>;

/** The browser build's stylesheets, by file ("assets/catalog-x1y2.css"): a page's own go into its HTML. */
const stylesheets = Object.fromEntries(
  Object.entries(import.meta.glob<string>('@harbor/web-build/assets/*.css', { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [path.slice(path.indexOf('assets/')), text]),
);

/** The manifest's key of a page module ("HomePage": "src/features/catalog/pages/HomePage.tsx"). */
const keyOfModule = (module: string): string | undefined => Object.keys(chunks).find((key) => key.endsWith(`/${module}.tsx`));

/** A chunk's files and those of the chunks it imports, directly or through others, leaving out the entry's (already in the shell). */
function collectFiles(key: string, files: { scripts: string[]; styles: string[] }, seen = new Set<string>()): void {
  const chunk = chunks[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return;
  seen.add(key);
  files.scripts.push(chunk.file);
  files.styles.push(...(chunk.css ?? []));
  for (const imported of chunk.imports ?? []) collectFiles(imported, files, seen);
}

/**
 * The files of the page at `pathname`: its styles, which the server's HTML needs to paint as it
 * will look, and its code, which the browser then fetches beside the entry rather than after it.
 */
function pageAssets(pathname: string): PageAssets {
  const files = { scripts: [] as string[], styles: [] as string[] };
  for (const module of pageModulesAt(pathname)) {
    const key = keyOfModule(module);
    if (key) collectFiles(key, files);
  }
  return { scripts: [...new Set(files.scripts)], styles: [...new Set(files.styles)].map((file) => ({ file, text: stylesheets[file] })) };
}

export type { RenderedPage };

/** The page at `url` (path and query), its canonical and Open Graph addresses on the shop's configured address (VITE_SITE_URL), not the request's. */
export function renderShopPage(url: string, context: Pick<RenderContext, 'catalog'>): Promise<RenderedPage> {
  return renderPage(url, { ...context, origin: webConfig.siteUrl, template, pageAssets, bootScript: boot.file });
}
