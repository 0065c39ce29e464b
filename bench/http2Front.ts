/**
 * Firebase Hosting serves the shop over HTTPS with HTTP/2 (and HTTP/3); the Hosting emulator
 * serves HTTP/1.1 without TLS. Over HTTP/1.1 a browser opens at most six connections to an origin
 * and fetches the entry's thirty-odd module files a few at a time, one round trip per round, and
 * Lighthouse's simulated phone network counts each of those round trips (about 150 ms). For the
 * page-load measurements the shop is therefore loaded through this front: TLS and HTTP/2 as in
 * production, every request forwarded to the Hosting emulator as it came. Its certificate is
 * self-signed (made with openssl on first use, kept in .cache/), so the browser that Lighthouse
 * drives starts with `--ignore-certificate-errors`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import { HOST, ports, ROOT } from '../scripts/emulators';

export const HTTP2_FRONT_PORT = ports.hosting + 443;
export const http2ShopUrl = `https://localhost:${HTTP2_FRONT_PORT}`;
/** For the browser that loads the shop through this front. */
export const trustFrontArgs = ['--ignore-certificate-errors'];

/** HTTP/1.1 headers that HTTP/2 forbids (RFC 9113, 8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function certificate(): { key: Buffer; cert: Buffer } {
  const dir = join(ROOT, '.cache/bench-tls');
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  if (!existsSync(key) || !existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '3650', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
    } catch (error) {
      throw new Error(`The bench serves the shop over HTTPS and needs openssl to make a local certificate: ${String(error)}`);
    }
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export function startHttp2Front(): Promise<Http2SecureServer> {
  const server = createSecureServer({ ...certificate(), allowHTTP1: true }, (incoming, outgoing) => {
    const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !name.startsWith(':')));
    const forwarded = request(
      { host: HOST, port: ports.hosting, method: incoming.method, path: incoming.url, headers: { ...headers, host: `localhost:${ports.hosting}` } },
      (response) => {
        const kept = Object.entries(response.headers).filter(([name]) => !CONNECTION_HEADERS.has(name));
        outgoing.writeHead(response.statusCode ?? 502, Object.fromEntries(kept));
        response.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(HTTP2_FRONT_PORT, HOST, () => resolve(server)));
}
