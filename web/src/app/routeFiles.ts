/**
 * The files of the public pages, listed in index.html at build (vite.config.ts, listRouteFiles)
 * and preloaded by src/app/firstReads.ts for the page the address names, so its lazy chunk
 * downloads beside the entry instead of after the entry has run.
 */

/** A route pattern of config/paths.ts and the files its page loads besides the entry's. */
export interface RouteFiles {
  pattern: string;
  scripts: string[];
  styles: string[];
}

/** The id of the JSON data block in index.html. */
export const ROUTE_FILES_ID = 'route-files';

/** Whether a path is one a pattern such as `/product/:id` routes (one segment per parameter). */
export function routeMatches(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const actual = pathname.split('/');
  return wanted.length === actual.length && wanted.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]));
}

/** Adds preloads for the files of the page at `pathname`; nothing for a page not listed. */
export function preloadRouteFiles(document: Document, pathname: string): void {
  const listed = document.getElementById(ROUTE_FILES_ID)?.textContent;
  if (!listed) return;
  const route = (JSON.parse(listed) as RouteFiles[]).find(({ pattern }) => routeMatches(pattern, pathname));
  if (!route) return;
  const add = (attributes: Partial<HTMLLinkElement>) => document.head.append(Object.assign(document.createElement('link'), { crossOrigin: '', ...attributes }));
  for (const file of route.scripts) add({ rel: 'modulepreload', href: `/${file}` });
  for (const file of route.styles) add({ rel: 'preload', as: 'style', href: `/${file}` });
}
