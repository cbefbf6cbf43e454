// The client's address, the one rule every per-client limit uses (REST limits, the contact form, the live socket).
// Behind `trustedProxies` proxies each appends the address it received the request from to X-Forwarded-For, so
// only the last `trustedProxies` entries are theirs: the client is the entry the farthest trusted proxy added,
// counted from the right. Everything left of it is the client's own to write, so it is never read.
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** In-process requests (tests, app.request) have no socket and no trusted header: they share this address. */
export const LOCAL_CLIENT = 'local';

/**
 * The client's address from the peer (the socket's remote address) and the X-Forwarded-For header(s): with
 * `trustedProxies` = 0 the peer; with N ≥ 1 the Nth entry from the right (the leftmost when there are fewer).
 * Normalised: IPv4-mapped IPv6 as IPv4, IPv6 in its compressed lower-case form, ports and brackets dropped. An
 * entry that is not an IP address (a proxy that writes something else) falls back to the peer.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | readonly string[] | undefined, trustedProxies: number): string {
  if (trustedProxies > 0 && forwardedFor !== undefined) {
    const entries = (typeof forwardedFor === 'string' ? forwardedFor : forwardedFor.join(','))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chosen = entries[Math.max(0, entries.length - trustedProxies)];
    const address = chosen === undefined ? null : normalizeAddress(chosen);
    if (address) return address;
  }
  return (peer === undefined ? null : normalizeAddress(peer)) ?? LOCAL_CLIENT;
}

/** The client address of a Hono request (see clientAddressOf). */
export function clientAddress(c: Context, trustedProxies: number): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // in-process request: no socket
  }
  return clientAddressOf(peer, c.req.header('x-forwarded-for'), trustedProxies);
}

/**
 * The key a per-client limit counts under: an IPv4 address itself, an IPv6 address by its /64 (one subscriber's
 * network: a client given a /64 has 2^64 addresses to rotate through).
 */
export function clientLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${compressIpv6([...expandIpv6(address).slice(0, 4), '0', '0', '0', '0'])}/64`;
}

/** An address as written in a header or by Node (`::ffff:1.2.3.4`, `[2001:db8::1]:443`, `1.2.3.4:80`, `fe80::1%eth0`), or null. */
export function normalizeAddress(text: string): string | null {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '').toLowerCase();
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return null;
  const groups = expandIpv6(address);
  // ::ffff:a.b.c.d (IPv4-mapped): the IPv4 client a dual-stack socket reports.
  if (groups.slice(0, 5).every((group) => group === '0000') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return compressIpv6(groups);
}

/** The eight four-digit groups of a valid IPv6 address (an embedded IPv4 tail converted). */
function expandIpv6(address: string): string[] {
  let text = address;
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.padStart(4, '0'));
}

/** RFC 5952: lower case, leading zeros dropped, the longest run (two or more) of zero groups as `::`. */
function compressIpv6(groups: string[]): string {
  const short = groups.map((group) => group.replace(/^0+(?=.)/, ''));
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    if (short[i] !== '0') {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && short[j] === '0') j += 1;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  if (best.start < 0) return short.join(':');
  return `${short.slice(0, best.start).join(':')}::${short.slice(best.start + best.length).join(':')}`;
}
