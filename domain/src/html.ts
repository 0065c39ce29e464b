/** Writing values into HTML (and XML), for the server-rendered pages, the sitemap and e-mails. */

/** Text made safe as an element's content or an attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A value as JSON inside a `<script>` element (application/json, application/ld+json), with `<`
 * written as `\u003c` so no text inside can end the element; JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
