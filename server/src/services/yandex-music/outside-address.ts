import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * The addresses the app never connects to for the streaming service's answers (the storage
 * host of a download, its redirects, covers): an answer must not send the server into its own
 * network. The check runs on the address actually connected to, at connect time, for every
 * connection, so a name that resolves elsewhere the second time (DNS rebinding) is caught too.
 */

const internal = new BlockList();
internal.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network", the unspecified address
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
internal.addSubnet('169.254.0.0', 16, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addAddress('::', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');
internal.addSubnet('fe80::', 10, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`, `::ffff:7f00:1`) stands for. */
function unmapped(address: string): string {
  const mapped = /^(?:0*:)*:?ffff:(.+)$/i.exec(address)?.[1];
  if (!mapped) return address;
  if (isIPv4(mapped)) return mapped;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
  if (!hex) return address;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether the app refuses to connect to this IP address (loopback only when allowed). */
export function isForbiddenAddress(address: string, allowLoopback: boolean): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const version = isIP(plain);
  if (version === 0) return true;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (internal.check(plain, family)) return true;
  return !allowLoopback && loopback.check(plain, family);
}

/** The connection was refused because of where it would have gone. */
export class ForbiddenAddress extends Error {
  constructor(host: string) {
    super(`refused to connect to ${host}: an internal address`);
  }
}

/** Whether a failed fetch failed because its address was refused (the cause of its cause…). */
export function isForbiddenAddressFailure(error: unknown): boolean {
  for (let at = error; at instanceof Error; at = at.cause) {
    if (at instanceof ForbiddenAddress) return true;
  }
  return false;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, keeping only the addresses the app may connect to (none: a refusal). */
function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter(
        ({ address }) => !isForbiddenAddress(address, allowLoopback),
      );
      if (allowed.length === 0) return callback(new ForbiddenAddress(hostname), []);
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/**
 * An HTTP agent whose every new connection goes only to an allowed address: an IP address in
 * the URL is checked as it stands (no lookup happens for it), a name through the lookup.
 */
export function outsideAgent(allowLoopback: boolean): Agent {
  const connectTo = buildConnector({ lookup: guardedLookup(allowLoopback) });
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && isForbiddenAddress(host, allowLoopback)) {
        return callback(new ForbiddenAddress(host), null);
      }
      connectTo(options, callback);
    },
  });
}
