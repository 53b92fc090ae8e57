import { isIPv4, isIPv6 } from 'node:net';

/**
 * Decides whether an IP address is one a server must not reach on a caller's behalf:
 * loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, reserved and
 * documentation ranges. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64,
 * 6to4) are judged by the IPv4 address inside, since that is where the packets end up.
 * Used by safe-fetch and, later, by webhook delivery.
 */

type Cidr = readonly [base: number, bits: number];

const BLOCKED_V4: readonly Cidr[] = [
  [v4('0.0.0.0'), 8], // "this network"
  [v4('10.0.0.0'), 8],
  [v4('100.64.0.0'), 10], // CGNAT
  [v4('127.0.0.0'), 8],
  [v4('169.254.0.0'), 16], // link-local, cloud metadata
  [v4('172.16.0.0'), 12],
  [v4('192.0.0.0'), 24], // IETF protocol assignments
  [v4('192.0.2.0'), 24], // TEST-NET-1
  [v4('192.88.99.0'), 24], // 6to4 relay anycast
  [v4('192.168.0.0'), 16],
  [v4('198.18.0.0'), 15], // benchmarking
  [v4('198.51.100.0'), 24], // TEST-NET-2
  [v4('203.0.113.0'), 24], // TEST-NET-3
  [v4('224.0.0.0'), 4], // multicast
  [v4('240.0.0.0'), 4], // reserved + broadcast
];

export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return isPrivateV4(v4(ip));
  if (isIPv6(ip)) return isPrivateV6(expandV6(ip));
  return true; // not an IP at all: refuse rather than guess
}

function isPrivateV4(addr: number): boolean {
  return BLOCKED_V4.some(([base, bits]) => sameNetwork(addr, base, bits));
}

function isPrivateV6(h: number[]): boolean {
  const embeddedV4 = ((h[6] << 16) | h[7]) >>> 0;
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return true; // ::
  if (zeros(0, 7) && h[7] === 1) return true; // ::1
  if (zeros(0, 5) && h[5] === 0xffff) return isPrivateV4(embeddedV4); // ::ffff:a.b.c.d
  if (zeros(0, 6)) return isPrivateV4(embeddedV4); // deprecated ::a.b.c.d
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return isPrivateV4(embeddedV4); // NAT64
  if (h[0] === 0x2002) return isPrivateV4(((h[1] << 16) | h[2]) >>> 0); // 6to4
  if ((h[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local
  if ((h[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((h[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 old site-local
  if ((h[0] & 0xff00) === 0xff00) return true; // multicast
  if (h[0] === 0x2001 && h[1] === 0x0db8) return true; // documentation
  if (h[0] === 0x2001 && h[1] === 0) return true; // Teredo tunnels reach arbitrary IPv4
  if (h[0] === 0x0100 && zeros(1, 4)) return true; // discard-only 100::/64
  return false;
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
