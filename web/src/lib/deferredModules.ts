/**
 * A page rendered on the server fetches its code once the browser has painted it (src/boot.ts).
 * The server names the shop's entry and the modules to preload in a
 * `<script type="application/json">` rather than in `<script>` and `<link rel="modulepreload">`
 * elements: on a slow phone those downloads would share the connection with the page's images and
 * hold back its first paint, which needs none of them. The page's links and search form work
 * meanwhile, as they do without JavaScript.
 */
import { jsonForScript } from '@harbor/domain';

export const DEFERRED_MODULES_ID = 'shop-modules';
/**
 * What the shop tells the boot script (src/boot.ts) as it starts, each once per page load, as an
 * event on the document.
 */
export const SHOP_EVENTS = {
  /** React has been given the page (`hydrateRoot`): from here it answers the page's events itself. */
  hydrating: 'harbor:shop-hydrating',
  /** React has hydrated the app around the page (App's first effect). */
  started: 'harbor:shop-started',
  /** React has hydrated the route's own page too: a lazy page hydrates after the rest. */
  pageHydrated: 'harbor:page-hydrated',
} as const;
export type ShopEvent = keyof typeof SHOP_EVENTS;

const announced = new Set<ShopEvent>();

/** Dispatches `event` on `document`, the first time only. */
export function announce(document: Document, event: ShopEvent): void {
  if (announced.has(event)) return;
  announced.add(event);
  document.dispatchEvent(new Event(SHOP_EVENTS[event]));
}

export interface DeferredModules {
  /** The shop's entry module ("/assets/index-x1y2.js"), imported once the page is painted. */
  entry: string;
  /** Modules it will import, fetched beside it rather than one after another. */
  preload: string[];
  /**
   * The libraries' chunks the entry imports (React, then Redux and the router), evaluated one per
   * task before it, so that no single task evaluates all the shop's code.
   */
  libraries: string[];
}

/** The element that names the page's code, for the page's HTML. */
export function deferredModulesElement(modules: DeferredModules): string {
  return `<script type="application/json" id="${DEFERRED_MODULES_ID}">${jsonForScript(modules)}</script>`;
}

const isBuildFile = (file: unknown): file is string => typeof file === 'string' && file.startsWith('/assets/') && file.endsWith('.js');

/** The code this document names; null when it names none that can be loaded. */
export function readDeferredModules(document: Document): DeferredModules | null {
  try {
    const { entry, preload, libraries } = JSON.parse(document.getElementById(DEFERRED_MODULES_ID)?.textContent ?? 'null') as Partial<DeferredModules>;
    const buildFiles = (files: unknown) => (Array.isArray(files) ? files.filter(isBuildFile) : []);
    return isBuildFile(entry) ? { entry, preload: buildFiles(preload), libraries: buildFiles(libraries) } : null;
  } catch {
    return null;
  }
}

/** Starts fetching `files`, all at once, as module preloads (each runs when it is imported). */
export function preloadModules(document: Document, files: string[]): void {
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
