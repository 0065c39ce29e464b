import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { smallestEncoding } from './http2Front';

const script = Buffer.from('export function add(a, b) { return a + b; }\n'.repeat(200));

describe('the bench front sends a static file as Hosting does', () => {
  it('in Brotli to a browser that accepts it, in gzip to one that accepts only gzip', () => {
    const brotli = smallestEncoding(script, 'gzip, deflate, br, zstd');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body)).toEqual(script);
    const gzip = smallestEncoding(script, 'gzip;q=1.0, identity; q=0.5');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(script);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
  });

  it('as it is to a browser that accepts no encoding, or where an encoding would be larger', () => {
    expect(smallestEncoding(script, '')).toEqual({ body: script });
    expect(smallestEncoding(script, 'br;q=0, gzip;q=0')).toEqual({ body: script });
    expect(smallestEncoding(script, 'br;q=0, *').encoding).toBe('gzip');
    const tiny = Buffer.from('{}');
    expect(smallestEncoding(tiny, 'gzip, br')).toEqual({ body: tiny });
  });
});
