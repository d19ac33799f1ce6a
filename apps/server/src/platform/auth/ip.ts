import net from 'node:net';

/** True when the list is empty or `ip` lies in one of the CIDR ranges. */
export function ipAllowed(ip: string, cidrs: readonly string[]): boolean {
  if (cidrs.length === 0) return true;
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [addr, bits] = cidr.split('/');
    const family = net.isIPv6(addr ?? '') ? 'ipv6' : 'ipv4';
    try {
      list.addSubnet(addr!, Number(bits ?? (family === 'ipv6' ? 128 : 32)), family);
    } catch {
      /* a malformed entry matches nothing */
    }
  }
  // IPv4 clients on a dual-stack socket arrive as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? mapped[1]! : ip;
  return list.check(addr, net.isIPv6(addr) ? 'ipv6' : 'ipv4');
}
