import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The header a request's id comes in (from a trusted proxy) and goes out in, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may be: a UUID, nginx's `$request_id`, a ULID… never a log line's worth of anything. */
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId` (decision 230): a trusted proxy's `X-Request-Id` when `TRUST_PROXY` trusts the peer
 * and the id is well formed, else a UUID of this request, unique across processes.
 */
export function requestIdGenerator(trustProxy: boolean | string): (request: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (request) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    if (typeof offered === 'string' && acceptable.test(offered) && trusted(request.socket.remoteAddress))
      return offered;
    return randomUUID();
  };
}

/** A peer is trusted by `TRUST_PROXY=true`, or when its address is in the list (addresses, CIDR ranges). */
function trustedPeer(trustProxy: boolean | string): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  const list = new BlockList();
  for (const entry of trustProxy.split(',').map((part) => part.trim())) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : undefined;
    if (!family) continue;
    try {
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    } catch {
      // A prefix out of range trusts nothing more: Fastify refuses such a list at start anyway.
    }
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket names an IPv4 peer `::ffff:10.0.0.1`.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return list.check(plain, family);
  };
}
