/** What the shop's HTTP functions (the rendered pages, the search files, the sitemap) answer with. */
import { gzipSync } from 'node:zlib';
import type { onRequest, Request } from 'firebase-functions/v2/https';

/** The response object of an HTTP function (Express's). */
export type Response = Parameters<Parameters<typeof onRequest>[0]>[1];

/** Only GET and HEAD are answered; true when the request was refused. */
export function refusedMethod(request: Request, response: Response): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  response.status(405).set('Allow', 'GET, HEAD').end();
  return true;
}

/** A text body of `type`, gzipped when the client takes it (JSON and HTML to about a tenth of the size). */
export function sendText(request: Request, response: Response, text: string, type: string, cacheControl: string): void {
  response.set('Cache-Control', cacheControl).type(type).set('Vary', 'Accept-Encoding');
  if (request.acceptsEncodings('gzip')) response.set('Content-Encoding', 'gzip').send(gzipSync(text));
  else response.send(text);
}

/** A JSON body, gzipped when the client takes it. */
export function sendJson(request: Request, response: Response, body: unknown, cacheControl: string): void {
  sendText(request, response, JSON.stringify(body), 'application/json', cacheControl);
}
