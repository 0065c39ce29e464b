/**
 * Firebase Hosting serves the shop over HTTPS with HTTP/2 (and HTTP/3); the Hosting emulator
 * serves HTTP/1.1 without TLS. Over HTTP/1.1 a browser opens at most six connections to an origin
 * and fetches the entry's thirty-odd module files a few at a time, one round trip per round, and
 * Lighthouse's simulated phone network counts each of those round trips (about 150 ms). For the
 * page-load measurements the shop is therefore loaded through this front: TLS and HTTP/2 as in
 * production, every request forwarded to the Hosting emulator (a static file is asked for as it
 * is, below). Its certificate is
 * self-signed (made with openssl on first use, kept in .cache/), so the browser that Lighthouse
 * drives starts with `--ignore-certificate-errors`.
 *
 * It also caches as Hosting's CDN does (https://firebase.google.com/docs/hosting/manage-cache):
 * static files until the next deploy (here, until the front stops), and a function's answer for
 * as long as its `Cache-Control` lets a shared cache keep it (`s-maxage`, else `max-age`). Without
 * it every file came from the emulator's own server, which answered in about 300 ms on a busy
 * machine, and Lighthouse adds the server time it sees to every request of its simulated phone.
 *
 * A static file goes out as Hosting sends it: the smallest of the file as it is, gzip and Brotli
 * that the browser accepts (as Hosting's team describes it,
 * https://github.com/firebase/firebase-tools/issues/4119). The emulator only gzips, which made the
 * scripts about 16% larger on the simulated phone's network than in production.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { HOST, ports, ROOT } from '../scripts/emulators';

export const HTTP2_FRONT_PORT = ports.hosting + 443;
export const http2ShopUrl = `https://localhost:${HTTP2_FRONT_PORT}`;
/** For the browser that loads the shop through this front. */
export const trustFrontArgs = ['--ignore-certificate-errors'];

/** Where Hosting's files are (firebase.json `hosting.public`) and the rewrites it applies. */
const hosting = (JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { hosting: { public: string; rewrites?: { source: string; function?: unknown }[] } }).hosting;

/** A firebase.json glob as a regular expression: `**` crosses slashes, `*` does not. */
const globPattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*')}$`);
const functionRewrites = (hosting.rewrites ?? []).map((rewrite) => ({ pattern: globPattern(rewrite.source), toFunction: rewrite.function !== undefined }));

/** Whether Hosting answers `path` from a function: no file has that path, and the first rewrite that matches names a function. */
function servedByFunction(path: string): boolean {
  let file: string;
  try {
    file = join(ROOT, hosting.public, decodeURIComponent(path));
  } catch {
    return false; // A malformed address names no file; the emulator answers it.
  }
  if (existsSync(file) && statSync(file).isFile()) return false;
  return functionRewrites.find((rewrite) => rewrite.pattern.test(path))?.toFunction ?? false;
}

/** How long the CDN keeps an answer, in seconds: a static file until the next deploy; a function's as its Cache-Control says. */
function cdnLifetime(fromFunction: boolean, cacheControl: string | undefined): number {
  if (!fromFunction) return Number.POSITIVE_INFINITY;
  const directives = (cacheControl ?? '').toLowerCase();
  if (!/\bpublic\b/.test(directives) || /\b(private|no-store|no-cache)\b/.test(directives)) return 0;
  const seconds = directives.match(/\bs-maxage=(\d+)/)?.[1] ?? directives.match(/\bmax-age=(\d+)/)?.[1];
  return Number(seconds ?? 0);
}

interface CachedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  expires: number;
}

/** The encodings an Accept-Encoding header accepts (a quality of 0 refuses one; `*` is any other). */
function acceptedEncodings(acceptEncoding: string): (encoding: string) => boolean {
  const qualities = new Map(
    acceptEncoding
      .split(',')
      .map((part) => part.split(';').map((piece) => piece.trim().toLowerCase()))
      .filter(([name]) => name)
      .map(([name, ...params]) => [name!, Number(params.find((param) => param.startsWith('q='))?.slice(2) ?? 1)] as const),
  );
  return (encoding) => (qualities.get(encoding) ?? qualities.get('*') ?? 0) > 0;
}

/** The file as Hosting sends it to a browser that accepts `acceptEncoding`: its smallest encoding. */
export function smallestEncoding(file: Buffer, acceptEncoding: string): { body: Buffer; encoding?: string } {
  const accepts = acceptedEncodings(acceptEncoding);
  const candidates: { body: Buffer; encoding?: string }[] = [{ body: file }];
  if (accepts('gzip')) candidates.push({ body: gzipSync(file, { level: 9 }), encoding: 'gzip' });
  if (accepts('br')) candidates.push({ body: brotliCompressSync(file, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), encoding: 'br' });
  return candidates.reduce((smallest, candidate) => (candidate.body.length < smallest.body.length ? candidate : smallest));
}

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
  const cache = new Map<string, CachedAnswer>();
  const server = createSecureServer({ ...certificate(), allowHTTP1: true }, (incoming, outgoing) => {
    const url = incoming.url ?? '/';
    // As the CDN's cache key: the address and the encoding asked for; a signed request is never shared.
    const key = incoming.method === 'GET' && !incoming.headers.authorization ? `${url} ${incoming.headers['accept-encoding'] ?? ''}` : undefined;
    const cached = key === undefined ? undefined : cache.get(key);
    if (cached && cached.expires > Date.now()) {
      outgoing.writeHead(cached.status, cached.headers);
      outgoing.end(cached.body);
      return;
    }
    const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !name.startsWith(':')));
    const fromFunction = servedByFunction(new URL(url, 'http://front').pathname);
    const staticFile = (incoming.method === 'GET' || incoming.method === 'HEAD') && !fromFunction;
    // A static file is asked for as it is and encoded here, as Hosting would (smallestEncoding); a
    // HEAD request gets the headers its GET would.
    if (staticFile) headers['accept-encoding'] = 'identity';
    const forwarded = request(
      { host: HOST, port: ports.hosting, method: staticFile ? 'GET' : incoming.method, path: url, headers: { ...headers, host: `localhost:${ports.hosting}` } },
      (response) => {
        const status = response.statusCode ?? 502;
        const kept = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));
        if (staticFile && status === 200 && !response.headers['content-encoding']) {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', () => outgoing.destroy());
          response.on('end', () => {
            const { body, encoding } = smallestEncoding(Buffer.concat(chunks), String(incoming.headers['accept-encoding'] ?? ''));
            const encoded = { ...kept, 'content-length': String(body.length), vary: 'Accept-Encoding', ...(encoding ? { 'content-encoding': encoding } : {}) };
            if (key !== undefined) cache.set(key, { status, headers: encoded, body, expires: Number.POSITIVE_INFINITY });
            outgoing.writeHead(status, encoded);
            if (incoming.method === 'HEAD') outgoing.end();
            else outgoing.end(body);
          });
          return;
        }
        outgoing.writeHead(status, kept);
        const lifetime = key !== undefined && (status === 200 || status === 404) ? cdnLifetime(fromFunction, response.headers['cache-control']) : 0;
        if (lifetime > 0) {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => cache.set(key!, { status, headers: kept, body: Buffer.concat(chunks), expires: Date.now() + lifetime * 1000 }));
        }
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
