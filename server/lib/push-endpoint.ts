import dns from 'node:dns';
import net from 'node:net';
import { CODE } from '../../core/message-codes';
import { badRequest } from './errors';

/**
 * Push endpoints are URLs a user hands us and the server then posts to: left open, that would let
 * anyone make the server call its own network (server-side request forgery). An endpoint must be
 * an https URL of a public host: loopback, private, carrier-grade NAT, link-local, unique-local,
 * multicast and reserved addresses are refused, IPv4 and IPv6, written literally or reached through
 * DNS. The name is resolved when a subscription is saved and again on every send, by the very
 * connection that posts (pushLookup), so a name that later resolves elsewhere (DNS rebinding)
 * is refused too. `allowLocal` (PUSH_ALLOW_LOCAL=1, tests only) lets http and local hosts through.
 */

const BLOCKED = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(addr, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), else undefined. */
function embeddedIpv4(ip: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address of the public internet. */
export function isPublicAddress(ip: string): boolean {
  const version = net.isIP(ip);
  if (version === 4) return !BLOCKED.check(ip, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIpv4(ip.toLowerCase());
  if (v4) return isPublicAddress(v4);
  return !BLOCKED.check(ip, 'ipv6');
}

const refused = () => badRequest(CODE.pushEndpointRefused);

/** The endpoint's URL when its form is acceptable (https, no credentials, a host); throws pushEndpointRefused. */
export function parsePushEndpoint(endpoint: string, allowLocal: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused();
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) throw refused();
  if (url.username || url.password || !url.hostname) throw refused();
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Every address the host resolves to (a literal address is itself). */
async function addressesOf(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  try {
    return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw refused();
  }
}

/** Refuses an endpoint that is not https or whose host is (or resolves to) a non-public address. */
export async function assertPublicEndpoint(endpoint: string, allowLocal: boolean): Promise<URL> {
  const url = parsePushEndpoint(endpoint, allowLocal);
  if (allowLocal) return url;
  const addresses = await addressesOf(hostOf(url));
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refused();
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the connection that posts a push: it resolves the host itself and refuses when any
 * address is not public, so the address connected to is the one checked (no second resolution).
 */
export function pushLookup(allowLocal: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (!allowLocal && (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))) {
        const e = Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), { code: 'EPUSHREFUSED' });
        return callback(e, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
