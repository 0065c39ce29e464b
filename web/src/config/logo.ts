/**
 * The shop's mark (the drawing of /favicon.svg), written into the header's markup. As an <img> it
 * was a separate request and an SVG document of its own, whose set-up was the largest task before
 * a page's first paint on a phone.
 */
export const LOGO_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#0f3d5e"/><path d="M16 6v18M10 11h12M8 18c1 5 4.5 7 8 7s7-2 8-7" fill="none" stroke="#f5c451" stroke-width="2.6" stroke-linecap="round"/><circle cx="16" cy="6.5" r="2.2" fill="#f5c451"/></svg>';
