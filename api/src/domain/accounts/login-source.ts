// Where a sign-in attempt comes from, for counting failures per account AND source: an IPv4
// address as it is, an IPv6 address by its /64 (one home or office network is given a whole /64,
// so an attacker there would otherwise have endless fresh addresses). An IPv4 address written as
// IPv6 (::ffff:192.0.2.1) counts as the IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

function expandIPv6(address: string): string[] | null {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  if (tail === undefined && left.length !== 8) return null;
  const missing = 8 - left.length - right.length;
  if (missing < 0) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
}

export function loginSource(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, ''); // drop an IPv6 zone (fe80::1%eth0)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address) && !address.includes('.')) {
    const groups = expandIPv6(address);
    if (groups) return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
  }
  return address || 'unknown';
}
