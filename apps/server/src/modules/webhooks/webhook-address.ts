import { BlockList, isIP } from 'node:net'

/*
 * Which addresses a webhook may be delivered to (docs/decisions/0112-webhooks.md). A webhook's URL is typed by a
 * customer and fetched by the server, from inside its network: without a rule it reaches the database, the metrics
 * endpoint, a cloud's metadata service (169.254.169.254). So every address the URL's host resolves to is checked,
 * when it is registered and again at each delivery, on the address the socket actually connects to.
 *
 * Refused: loopback (allowed outside production, so that tests and development can deliver to a local receiver),
 * private, link-local, shared (CGNAT), unspecified, multicast and reserved ranges, and IPv4-mapped IPv6 forms of all
 * of those (net.BlockList matches ::ffff:a.b.c.d against the IPv4 rules), and the IPv4 address a NAT64 (64:ff9b::/96)
 * or 6to4 (2002::/16) address carries.
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

/** The eight 16-bit groups of an IPv6 address (written in any of its forms), or null. */
function hextets(address: string): number[] | null {
  let text = address
  // A trailing dotted IPv4 (::ffff:1.2.3.4, 64:ff9b::10.0.0.1) is two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted?.[1] !== undefined && dotted[2] !== undefined) {
    const b = dotted[2].split('.').map(Number)
    text = `${dotted[1]}${(((b[0] ?? 0) << 8) | (b[1] ?? 0)).toString(16)}:${(((b[2] ?? 0) << 8) | (b[3] ?? 0)).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const part = (p: string) => (p === '' ? [] : p.split(':').map((h) => parseInt(h, 16)))
  const front = part(head)
  const back = tail === undefined ? [] : part(tail)
  const groups =
    tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null
}

const ipv4Of = (high: number, low: number) =>
  `${String(high >> 8)}.${String(high & 0xff)}.${String(low >> 8)}.${String(low & 0xff)}`

/**
 * The IPv4 address an IPv6 one carries to its destination through a translator: NAT64's well-known prefix
 * 64:ff9b::/96 (RFC 6052), and 6to4's 2002::/16 (RFC 3056). A gateway on the path delivers those to the IPv4 address,
 * so they are judged as it is.
 */
function embeddedIpv4(address: string): string | null {
  const g = hextets(address)
  if (g === null) return null
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0)
    return ipv4Of(g[6] ?? 0, g[7] ?? 0)
  if (g[0] === 0x2002) return ipv4Of(g[1] ?? 0, g[2] ?? 0)
  return null
}

/** The class of an address a webhook must not reach, or null for an ordinary public address. */
export function addressClass(address: string): AddressClass | null {
  // A zone id (fe80::1%eth0) says which interface, not which address.
  const bare = address.replace(/%.*$/, '').replace(/^\[(.*)\]$/, '$1')
  const family = isIP(bare)
  if (family === 0) return 'invalid'
  const type = family === 4 ? 'ipv4' : 'ipv6'
  for (const [name, list] of LISTS) if (list.check(bare, type)) return name
  const carried = family === 6 ? embeddedIpv4(bare) : null
  return carried === null ? null : addressClass(carried)
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
