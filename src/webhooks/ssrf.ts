// SSRF guard for callback URLs: https only, and only to public unicast addresses, checked when the
// request is accepted (checkCallbackUrl) and again at connect time (guardedLookup), because DNS can
// answer differently between the two. Hosts in CALLBACK_ALLOW_HOSTS skip the address check.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has; dns.lookup (the resolver connect uses) by default. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface CallbackUrlOptions {
  /** Host names (lower case) allowed whatever they resolve to: staging and tests only. */
  allowHosts: readonly string[];
  /** Replaces the system resolver; tests use it to play a DNS server that answers with private addresses. */
  resolve?: Resolver;
}

export type CallbackUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The longest URL we accept; a callback URL is stored with every job. */
const MAX_URL_LENGTH = 2048;

/**
 * True when the address is public unicast. Default-deny: anything ipaddr.js puts in a special
 * range (loopback, private, link-local, unique-local, CGNAT, unspecified, multicast, broadcast,
 * reserved, documentation, 6to4/Teredo/NAT64 tunnels that embed an IPv4 address) is refused;
 * an IPv4-mapped IPv6 address is judged by the IPv4 address inside it.
 */
export function isPublicAddress(text: string): boolean {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // A zone id (fe80::1%eth0) only ever names a link-local address.
  if (bare.includes('%')) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // parse, not process: process would accept the odd IPv4 forms, which callers reject earlier.
    parsed = ipaddr.parse(bare);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    // ::/96 holds the deprecated IPv4-compatible form (::127.0.0.1), which ipaddr.js calls unicast.
    if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
    return v6.range() === 'unicast';
  }
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare)) return false;
  return parsed.range() === 'unicast';
}

function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.startsWith('[') ? host.slice(1, -1) : host);
}

/** The host exactly as written in the URL text, before the WHATWG parser normalises it. */
function rawHost(text: string): string | undefined {
  const match = /^\s*https?:\/\/(?:[^@/?#\\]*@)?(\[[^\]]*\]|[^:/?#\\]*)/i.exec(text);
  return match?.[1]?.toLowerCase();
}

export function isAllowedHost(hostname: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowHosts.includes(host);
}

/**
 * Accepts a callback URL when it is https and every address its host has is public. IP literals
 * are judged without DNS; a host name is resolved, and one private answer is enough to refuse
 * (a mixed answer is how DNS rebinding starts). Never throws.
 */
export async function checkCallbackUrl(text: string, opts: CallbackUrlOptions): Promise<CallbackUrlCheck> {
  if (typeof text !== 'string' || text.length === 0) return { ok: false, reason: 'callback_url is empty' };
  if (text.length > MAX_URL_LENGTH)
    return { ok: false, reason: `callback_url is longer than ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'callback_url is not a valid URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'callback_url must use https' };
  const hostname = url.hostname;
  if (hostname === '') return { ok: false, reason: 'callback_url has no host' };
  if (isAllowedHost(hostname, opts.allowHosts)) return { ok: true, url };

  // The WHATWG parser turns 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 into 127.0.0.1. Such spellings
  // have no use but to slip past filters, so anything but plain dotted decimal is refused outright.
  if (ipaddr.IPv4.isValidFourPartDecimal(hostname) && rawHost(text) !== hostname) {
    return { ok: false, reason: 'callback_url host is an IP address not written in dotted-decimal form' };
  }
  if (isIpLiteral(hostname)) {
    return isPublicAddress(hostname)
      ? { ok: true, url }
      : { ok: false, reason: 'callback_url points at a private, loopback or reserved address' };
  }
  const bare = hostname.replace(/\.$/, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) {
    return { ok: false, reason: 'callback_url points at a loopback address' };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.resolve ?? systemResolver)(hostname);
  } catch {
    return { ok: false, reason: `callback_url host ${hostname} does not resolve` };
  }
  if (addresses.length === 0) return { ok: false, reason: `callback_url host ${hostname} does not resolve` };
  if (addresses.some((entry) => !isPublicAddress(entry.address))) {
    return {
      ok: false,
      reason: `callback_url host ${hostname} resolves to a private, loopback or reserved address`,
    };
  }
  return { ok: true, url };
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for https.request / net.connect that refuses to hand a non-public address to the
 * socket, so the address checked is the address connected to. Node skips lookup for IP literals:
 * callers check those with checkCallbackUrl just before connecting.
 */
export function guardedLookup(opts: Pick<CallbackUrlOptions, 'allowHosts'>): LookupFunction {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      if (!isAllowedHost(hostname, opts.allowHosts)) {
        const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
        if (blocked || addresses.length === 0) {
          callback(
            new BlockedAddressError(`${hostname} resolves to a non-public address ${blocked?.address ?? ''}`),
            '',
            0,
          );
          return;
        }
      }
      if (options.all) {
        callback(null, addresses);
        return;
      }
      const first = addresses[0];
      if (!first) {
        callback(new BlockedAddressError(`${hostname} has no address`), '', 0);
        return;
      }
      callback(null, first.address, first.family);
    });
  };
}

/** The guard with no allowed hosts, for callers without configuration. */
export const lookup: LookupFunction = guardedLookup({ allowHosts: [] });
