/**
 * Where the shop may send a webhook: only to addresses on the public internet, so an endpoint's URL
 * cannot make the functions reach the shop's own network (server-side request forgery). The
 * functions resolve the host name (all its addresses) and judge the answer here, when an endpoint is
 * saved and again before each delivery, which then connects to the addresses judged.
 */

/** What an IP address is, for the purpose of sending it a request from the shop's servers. */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'carrier-grade-nat' | 'unique-local' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

const ADDRESS_KIND_TEXT: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  'carrier-grade-nat': 'a carrier-grade NAT address',
  'unique-local': 'a unique-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  invalid: 'not an IP address',
};

/** The four bytes of a dotted-decimal IPv4 address, or null. */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

/** The sixteen bytes of an IPv6 address (compressed, with an IPv4 tail, with a zone), or null. */
function ipv6Bytes(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  const lastColon = address.lastIndexOf(':');
  if (lastColon < 0) return null;
  let tail: number[] = [];
  if (address.includes('.')) {
    const v4 = ipv4Bytes(address.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    address = address.slice(0, lastColon + 1);
    if (!address.endsWith('::')) address = address.slice(0, -1);
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const before = groups(halves[0]!);
  const after = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - before.length - after.length - tail.length / 2;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const hex = [...before, ...Array<string>(missing).fill('0'), ...after];
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return [...hex.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]), ...tail];
}

const startsWith = (bytes: number[], prefix: number[], bits: number) =>
  prefix.every((byte, index) => {
    const left = bits - index * 8;
    if (left <= 0) return true;
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    return (bytes[index]! & mask) === (byte & mask);
  });

function ipv4Kind(bytes: number[]): AddressKind {
  const [a, b] = bytes as [number, number];
  const within = (prefix: number[], bits: number) => startsWith(bytes, prefix, bits);
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || within([172, 16], 12) || within([192, 168], 16)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (within([100, 64], 10)) return 'carrier-grade-nat';
  if (within([224], 4)) return 'multicast';
  // 240/4 with the broadcast address, IETF protocol assignments, documentation and benchmarking.
  if (within([240], 4) || within([192, 0, 0], 24) || within([192, 0, 2], 24) || within([198, 18], 15) || within([198, 51, 100], 24) || within([203, 0, 113], 24)) return 'reserved';
  return 'public';
}

function ipv6Kind(bytes: number[]): AddressKind {
  const within = (prefix: number[], bits: number) => startsWith(bytes, prefix, bits);
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  if (zeros(16)) return 'unspecified';
  if (zeros(15) && bytes[15] === 1) return 'loopback';
  // An IPv4 address inside IPv6 (mapped, or NAT64) reaches that IPv4 address: judged as it.
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return ipv4Kind(bytes.slice(12));
  if (within([0x00, 0x64, 0xff, 0x9b], 96)) return ipv4Kind(bytes.slice(12));
  // 6to4 carries an IPv4 address in bits 16 to 48.
  if (within([0x20, 0x02], 16)) return ipv4Kind(bytes.slice(2, 6));
  if (within([0xfc], 7)) return 'unique-local';
  if (within([0xfe, 0x80], 10)) return 'link-local';
  // Site-local, deprecated but still routed inside some networks.
  if (within([0xfe, 0xc0], 10)) return 'private';
  if (within([0xff], 8)) return 'multicast';
  // Only global unicast (2000::/3) is public, less its protocol assignments (Teredo among them) and documentation.
  if (!within([0x20], 3) || within([0x20, 0x01, 0x00], 23) || within([0x20, 0x01, 0x0d, 0xb8], 32)) return 'reserved';
  return 'public';
}

/** What `address` (IPv4 or IPv6, as a resolver answers) is; only `public` may receive a webhook. */
export function addressKind(address: string): AddressKind {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = ipv4Bytes(text);
  if (v4) return ipv4Kind(v4);
  const v6 = ipv6Bytes(text);
  return v6 ? ipv6Kind(v6) : 'invalid';
}

/** Host names of cloud metadata services, refused whatever they resolve to. */
const METADATA_HOSTS = ['metadata.google.internal', 'metadata', 'instance-data'];

/** A URL's host name as a resolver takes it: lower case, without the brackets of an IPv6 literal or a final dot. */
export function webhookHostName(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

const PUBLIC_ONLY = 'Webhooks go only to addresses on the public internet. Please give a public https:// URL.';

/**
 * Why the shop must not send a webhook to `url`, or null when it may. `addresses`: every address
 * the host name resolved to (an empty list when it resolved to none). `localHttp`: on the
 * emulators, http://127.0.0.1 and http://localhost are allowed, for endpoints a test starts.
 */
export function webhookTargetProblem(url: string, addresses: readonly string[], localHttp: boolean): string | null {
  if (!URL.canParse(url)) return 'The URL could not be read. Please give a URL that starts with https://.';
  const { protocol } = new URL(url);
  const host = webhookHostName(url);
  if (localHttp && protocol === 'http:' && (host === '127.0.0.1' || host === 'localhost')) return null;
  if (protocol !== 'https:') return 'The URL must start with https://, so deliveries are encrypted.';
  if (METADATA_HOSTS.includes(host)) return `The host ${host} is a cloud metadata service. ${PUBLIC_ONLY}`;
  if (!addresses.length) return `The host ${host} could not be found. Please check the URL.`;
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind !== 'public') return `${host === address ? `The address ${host}` : `The host ${host} resolves to ${address}, which`} is ${ADDRESS_KIND_TEXT[kind]}. ${PUBLIC_ONLY}`;
  }
  return null;
}
