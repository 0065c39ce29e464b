import type { Request } from 'firebase-functions/v2/https';

/** A host name or IPv4 address with an optional port, and nothing else: no path, user, space or list. */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** The hosts served over plain http: the emulators on this machine (Hosting's is http://localhost:5000). */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1)(:\d+)?$/i;

/**
 * The public origin a request came to, such as `https://shop.example.com`, for links that must
 * name the shop (canonical URLs, the sitemap). Firebase Hosting forwards the shop's host in
 * X-Forwarded-Host, while `host` is the function's own; a header that is not a plain host is
 * ignored. Null when neither header names a host.
 */
export function shopOrigin(request: Request): string | null {
  const host = [request.get('x-forwarded-host'), request.get('host')].find((candidate) => candidate !== undefined && HOST.test(candidate));
  if (!host) return null;
  const forwardedProtocol = request.get('x-forwarded-proto');
  const protocol = forwardedProtocol === 'http' || forwardedProtocol === 'https' ? forwardedProtocol : LOCAL_HOST.test(host) ? 'http' : 'https';
  return `${protocol}://${host.toLowerCase()}`;
}
