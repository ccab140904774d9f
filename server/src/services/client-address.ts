import { isIP } from 'node:net';

/**
 * The client an address stands for, as limits count it: an IPv4 address as it is, an IPv6 one
 * by its /64 network (a home or a rented server gets a whole /64, so stepping through its
 * addresses must not buy fresh counters), an IPv4-mapped IPv6 address as the IPv4 one.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as short hex. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => '0');
  return [...front, ...zeros, ...back].map((g) => parseInt(g, 16).toString(16));
}
