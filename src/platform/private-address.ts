import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';

/**
 * Where a server must not go on a caller's behalf. One question for every caller (safe fetch,
 * its DNS hook, webhook URLs when saved and when sent): isPrivateHost, for a host name or an
 * address, literal or resolved.
 *
 * Addresses: every block of IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890
 * and its updates) that is not globally reachable, plus multicast and the old site-local
 * block. IPv6 forms that carry an IPv4 address (mapped, translated, compatible, NAT64, 6to4)
 * are judged by the IPv4 address inside, since that is where the packets end up.
 * Names: compared as DNS compares them (case-insensitive, a trailing dot is the root, IDNA
 * to its ASCII form), then the special-use names that mean this host or a private network.
 */
export function isPrivateHost(host: string): boolean {
  const name = normalizeHost(host);
  if (name === undefined) return true; // not a host at all: refuse rather than guess
  if (isIPv4(name) || isIPv6(name)) return isPrivateAddress(name);
  return PRIVATE_NAMES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * A host as DNS and the socket see it: no brackets or IPv6 zone, lower case, no trailing
 * dots, internationalized labels as their ASCII (punycode) form. undefined when it is not a
 * valid host name.
 */
export function normalizeHost(host: string): string | undefined {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv6(bare)) return bare.toLowerCase();
  const trimmed = bare.replace(/\.+$/, '');
  if (isIPv4(trimmed)) return trimmed;
  const ascii = domainToASCII(trimmed);
  return ascii === '' ? undefined : ascii.toLowerCase();
}

/** RFC 6761 localhost, mDNS's local (RFC 6762), home.arpa (RFC 8375), ICANN's private-use internal. */
const PRIVATE_NAMES = ['localhost', 'local', 'home.arpa', 'internal'];

/** An IP address (v4 or v6, with or without brackets) that is not globally reachable. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return isPrivateV4(v4(ip));
  if (isIPv6(ip)) return isPrivateV6(expandV6(ip));
  return true;
}

type Cidr = readonly [base: number, bits: number];

/** The IPv4 registry's blocks that are not globally reachable, with multicast (224/4). */
const BLOCKED_V4: readonly Cidr[] = [
  [v4('0.0.0.0'), 8], // "this network"
  [v4('10.0.0.0'), 8],
  [v4('100.64.0.0'), 10], // shared address space (CGNAT)
  [v4('127.0.0.0'), 8],
  [v4('169.254.0.0'), 16], // link-local, cloud metadata
  [v4('172.16.0.0'), 12],
  [v4('192.0.0.0'), 24], // IETF protocol assignments
  [v4('192.0.2.0'), 24], // TEST-NET-1
  [v4('192.88.99.0'), 24], // deprecated 6to4 relay anycast
  [v4('192.168.0.0'), 16],
  [v4('198.18.0.0'), 15], // benchmarking
  [v4('198.51.100.0'), 24], // TEST-NET-2
  [v4('203.0.113.0'), 24], // TEST-NET-3
  [v4('224.0.0.0'), 4], // multicast
  [v4('240.0.0.0'), 4], // reserved, and 255.255.255.255 broadcast
];

function isPrivateV4(addr: number): boolean {
  return BLOCKED_V4.some(([base, bits]) => sameNetwork(addr, base, bits));
}

/** An IPv6 prefix as eight 16-bit groups and a length. */
type V6Prefix = readonly [groups: readonly number[], bits: number];

/** The IPv6 registry's blocks that are not globally reachable, with multicast and site-local. */
const BLOCKED_V6: readonly V6Prefix[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128], // unspecified
  [[0, 0, 0, 0, 0, 0, 0, 1], 128], // loopback
  [[0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48], // local-use IPv4/IPv6 translation (RFC 8215)
  [[0x100, 0, 0, 0, 0, 0, 0, 0], 64], // discard-only
  [[0x100, 0, 0, 1, 0, 0, 0, 0], 64], // dummy prefix (RFC 9780)
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 23], // IETF protocol assignments, Teredo (2001::/32) among them
  [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32], // documentation
  [[0x3fff, 0, 0, 0, 0, 0, 0, 0], 20], // documentation (RFC 9637)
  [[0x5f00, 0, 0, 0, 0, 0, 0, 0], 16], // segment routing SIDs (RFC 9602)
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7], // unique-local
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10], // link-local
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10], // site-local (deprecated)
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8], // multicast
];

function isPrivateV6(h: number[]): boolean {
  const embedded = embeddedV4(h);
  if (embedded !== undefined) return isPrivateV4(embedded);
  return BLOCKED_V6.some(([prefix, bits]) => inV6Prefix(h, prefix, bits));
}

/**
 * The IPv4 address an IPv6 address carries to: ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d
 * (translated, RFC 2765), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64) and
 * 2002:aabb:ccdd:: (6to4). :: and ::1 are not IPv4 addresses and are left to the registry.
 */
function embeddedV4(h: number[]): number | undefined {
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  const low = ((h[6] << 16) | h[7]) >>> 0;
  if (zeros(0, 5) && h[5] === 0xffff) return low;
  if (zeros(0, 4) && h[4] === 0xffff && h[5] === 0) return low;
  if (zeros(0, 6) && low > 1) return low;
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return low;
  if (h[0] === 0x2002) return ((h[1] << 16) | h[2]) >>> 0;
  return undefined;
}

function inV6Prefix(h: number[], prefix: readonly number[], bits: number): boolean {
  for (let group = 0; group < 8 && bits > 0; group++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((h[group] & mask) !== (prefix[group] & mask)) return false;
  }
  return true;
}

function sameNetwork(addr: number, base: number, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (addr & mask) >>> 0 === (base & mask) >>> 0;
}

function v4(ip: string): number {
  return ip.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** Eight 16-bit groups; accepts "::" and a trailing dotted IPv4 part. */
function expandV6(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}
