/**
 * The shop's mark for the header's markup, from the drawing of the site's favicon
 * (config/favicon.svg, which the build serves as /favicon.svg), its one source. As an <img> it
 * was a separate request and an SVG document of its own, whose set-up was the largest task before
 * a page's first paint on a phone. Inline, it is sized and hidden from screen readers (the shop's
 * name beside it says the same).
 */
export function logoMark(faviconSvg: string): string {
  const drawing = faviconSvg.trim();
  if (!drawing.startsWith('<svg ')) throw new Error('favicon.svg does not start with an <svg> element.');
  return drawing.replace('<svg ', '<svg width="32" height="32" aria-hidden="true" focusable="false" ');
}
