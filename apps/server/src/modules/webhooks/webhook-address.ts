import { BlockList, isIP } from 'node:net'

/*
 * Which addresses a webhook may be delivered to (docs/decisions/0112-webhooks.md). A webhook's URL is typed by a
 * customer and fetched by the server, from inside its network: without a rule it reaches the database, the metrics
 * endpoint, a cloud's metadata service (169.254.169.254). So every address the URL's host resolves to is checked,
 * when it is registered and again at each delivery, on the address the socket actually connects to.
 *
 * Refused: loopback (allowed outside production, so that tests and development can deliver to a local receiver),
 * private, link-local, shared (CGNAT), unspecified, multicast and reserved ranges, and IPv4-mapped IPv6 forms of all
 * of those (net.BlockList matches ::ffff:a.b.c.d against the IPv4 rules).
 */

export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'shared' | 'unspecified' | 'multicast' | 'reserved' | 'invalid'

const RULES: readonly (readonly [AddressClass, readonly (readonly [string, number, 'ipv4' | 'ipv6'])[]])[] = [
  [
    'loopback',
    [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  ],
  [
    'unspecified',
    [
      // 0.0.0.0/8 is "this network": a connection to 0.0.0.0 reaches the host itself on Linux.
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  ['shared', [['100.64.0.0', 10, 'ipv4']]],
  [
    'multicast',
    [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  ],
  // 240.0.0.0/4, with the broadcast address 255.255.255.255.
  ['reserved', [['240.0.0.0', 4, 'ipv4']]],
]

const LISTS: readonly (readonly [AddressClass, BlockList])[] = RULES.map(([name, ranges]) => {
  const list = new BlockList()
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family)
  return [name, list] as const
})

/** The class of an address a webhook must not reach, or null for an ordinary public address. */
export function addressClass(address: string): AddressClass | null {
  // A zone id (fe80::1%eth0) says which interface, not which address.
  const bare = address.replace(/%.*$/, '').replace(/^\[(.*)\]$/, '$1')
  const family = isIP(bare)
  if (family === 0) return 'invalid'
  const type = family === 4 ? 'ipv4' : 'ipv6'
  for (const [name, list] of LISTS) if (list.check(bare, type)) return name
  return null
}

export interface AddressRule {
  /** Outside production, loopback is allowed (a local receiver in tests and development). */
  allowLoopback: boolean
}

/**
 * Why a webhook may not be delivered to this address, or null when it may: the one rule, for registration and for
 * every connection.
 */
export function refusalOf(address: string, rule: AddressRule): string | null {
  const found = addressClass(address)
  if (found === null || (found === 'loopback' && rule.allowLoopback)) return null
  const what: Record<AddressClass, string> = {
    loopback: 'a loopback address',
    private: 'a private address',
    'link-local': 'a link-local address',
    shared: 'a shared (CGNAT) address',
    unspecified: 'an unspecified address',
    multicast: 'a multicast address',
    reserved: 'a reserved address',
    invalid: 'no valid IP address',
  }
  return `${address} is ${what[found]}, which webhooks may not reach`
}
