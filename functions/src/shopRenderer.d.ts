/**
 * The web app's server renderer (web/src/server.tsx), which functions/build.mjs bundles from
 * web/dist-server/server.js under this name. Its types are the web app's; this is the part the
 * function uses.
 */
declare module '@harbor/shop-renderer' {
  import type { SearchPageAnswer } from '@harbor/domain';

  export interface RenderedPage {
    status: 200 | 404 | 503;
    html: string;
  }

  export interface ServerCatalog {
    /** Firestore's REST API, read with the function's own token. */
    db: { origin: string; projectId: string; accessToken: () => Promise<string> };
    searchPage(url: string): Promise<SearchPageAnswer | null>;
    /** The browser's fallback when the search page fails; the server has no other index. */
    searchIndex(): Promise<null>;
  }

  export function renderShopPage(url: string, context: { catalog: ServerCatalog }): Promise<RenderedPage>;
}
