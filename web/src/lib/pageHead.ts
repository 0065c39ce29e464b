/**
 * What a page's HTML head says about it to search engines and link previews: title, description,
 * canonical URL, Open Graph tags, and structured data. The server renderer writes it
 * (app/renderPage.tsx); in the browser a page keeps the tab's title with components/PageTitle.
 */
import { escapeHtml, jsonForScript } from '@harbor/domain';

export interface PageHead {
  title: string;
  description: string;
  /** The page's own path and query, as the shop links to it. */
  canonicalPath: string;
  /** An image for previews: absolute, or a path on the shop's origin. */
  image?: string;
  /** Open Graph's type. */
  type: 'website' | 'product';
  /** schema.org JSON-LD. */
  structuredData?: object;
  /** For pages search engines should not list (a search's results, a missing page). */
  noindex?: boolean;
}


/** An address on the shop's origin, or `url` itself when it is absolute already. */
export const absoluteUrl = (url: string, origin: string): string => new URL(url, `${origin}/`).href;

/** The head's elements as HTML, every value escaped (JSON-LD with `<` written as `\u003c`). */
export function headElements(head: PageHead, origin: string, siteName: string): string {
  const canonical = absoluteUrl(head.canonicalPath, origin);
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(head.image ? [meta('property', 'og:image', absoluteUrl(head.image, origin))] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...(head.structuredData ? [`<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`] : []),
  ].join('');
}
