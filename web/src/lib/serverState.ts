/**
 * The reads a page was rendered from, carried from the server to the browser in the HTML: a
 * `<script type="application/json">`, which never runs (so the Content-Security-Policy needs no
 * 'unsafe-inline'), with `<` written as `\u003c` so no text inside can end the element.
 */
import { jsonForScript } from '@harbor/domain';

export const SERVER_STATE_ID = 'shop-state';

/** The element to put into the page's HTML for `state`. */
export function serverStateElement(state: object): string {
  return `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(state)}</script>`;
}

/** The state in this document's HTML; null when the page was not rendered on the server or the state cannot be read. */
export function readServerState(document: Document): Record<string, unknown> | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state: unknown = JSON.parse(text);
    return state !== null && typeof state === 'object' && !Array.isArray(state) ? (state as Record<string, unknown>) : null;
  } catch (error) {
    console.error('The page came with state that cannot be read; it is read again.', error);
    return null;
  }
}
