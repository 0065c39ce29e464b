/**
 * Firestore's production front end compresses its responses (gzip) for browsers, which ask for
 * it; the emulator sends them uncompressed. For the page-load measurements the shop talks to the
 * emulator through this proxy, so what a phone downloads matches production.
 */
import { createServer, request, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { HOST, ports } from '../scripts/emulators';

/** Where the benchmark's build of the shop finds Firestore. */
export const COMPRESSING_PROXY_PORT = ports.firestore + 1;

/** Forwards every request to the Firestore emulator and gzips the responses of clients that accept it. */
export function startCompressingProxy(): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: HOST, port: ports.firestore, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = { ...response.headers };
          const acceptsGzip = /\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
          if (acceptsGzip && body.length > 0 && !headers['content-encoding']) {
            const compressed = gzipSync(body);
            delete headers['transfer-encoding'];
            outgoing.writeHead(response.statusCode ?? 502, { ...headers, 'content-encoding': 'gzip', 'content-length': compressed.length });
            outgoing.end(compressed);
          } else {
            outgoing.writeHead(response.statusCode ?? 502, headers);
            outgoing.end(body);
          }
        });
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(COMPRESSING_PROXY_PORT, HOST, () => resolve(server)));
}
