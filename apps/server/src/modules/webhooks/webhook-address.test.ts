import { describe, expect, it } from 'vitest'
import { addressClass, refusalOf } from './webhook-address'

/* The address rule of webhooks (decision 0112): what is refused in production, and what outside it. */

describe('the webhook address rule', () => {
  it.each([
    // address, its class, refused in production, refused outside production
    ['93.184.216.34', null, false, false],
    ['8.8.8.8', null, false, false],
    ['2606:4700:4700::1111', null, false, false],
    ['127.0.0.1', 'loopback', true, false],
    ['127.255.10.3', 'loopback', true, false],
    ['::1', 'loopback', true, false],
    ['::ffff:127.0.0.1', 'loopback', true, false],
    ['::ffff:7f00:1', 'loopback', true, false],
    ['[::1]', 'loopback', true, false],
    ['10.0.0.1', 'private', true, true],
    ['10.255.255.255', 'private', true, true],
    ['172.16.0.1', 'private', true, true],
    ['172.31.255.254', 'private', true, true],
    ['172.32.0.1', null, false, false],
    ['172.15.255.255', null, false, false],
    ['192.168.1.20', 'private', true, true],
    ['192.169.0.1', null, false, false],
    ['fc00::1', 'private', true, true],
    ['fd12:3456::1', 'private', true, true],
    ['::ffff:10.1.2.3', 'private', true, true],
    ['::ffff:c0a8:101', 'private', true, true],
    ['169.254.169.254', 'link-local', true, true],
    ['::ffff:169.254.169.254', 'link-local', true, true],
    ['fe80::1', 'link-local', true, true],
    ['fe80::1%eth0', 'link-local', true, true],
    ['febf::1', 'link-local', true, true],
    ['fec0::1', null, false, false],
    ['100.64.0.1', 'shared', true, true],
    ['100.127.255.255', 'shared', true, true],
    ['100.128.0.1', null, false, false],
    ['100.63.255.255', null, false, false],
    ['0.0.0.0', 'unspecified', true, true],
    ['0.1.2.3', 'unspecified', true, true],
    ['::', 'unspecified', true, true],
    ['::ffff:0.0.0.0', 'unspecified', true, true],
    ['224.0.0.1', 'multicast', true, true],
    ['239.255.255.250', 'multicast', true, true],
    ['ff02::1', 'multicast', true, true],
    ['255.255.255.255', 'reserved', true, true],
    ['240.0.0.1', 'reserved', true, true],
    // NAT64 and 6to4 carry an IPv4 address to a gateway that delivers to it: judged as that address.
    ['64:ff9b::7f00:1', 'loopback', true, false],
    ['64:ff9b::127.0.0.1', 'loopback', true, false],
    ['64:ff9b::a9fe:a9fe', 'link-local', true, true],
    ['64:ff9b::10.0.0.5', 'private', true, true],
    ['64:ff9b::5db8:d822', null, false, false],
    ['2002:a00:1::1', 'private', true, true],
    ['2002:7f00:1::', 'loopback', true, false],
    ['2002:5db8:d822::1', null, false, false],
    ['localhost', 'invalid', true, true],
    ['', 'invalid', true, true],
    ['999.1.1.1', 'invalid', true, true],
  ] as const)('%s is %s', (address, cls, inProduction, outside) => {
    expect(addressClass(address)).toBe(cls)
    expect(refusalOf(address, { allowLoopback: false }) !== null).toBe(inProduction)
    expect(refusalOf(address, { allowLoopback: true }) !== null).toBe(outside)
  })

  it('says what the address is in the refusal', () => {
    expect(refusalOf('169.254.169.254', { allowLoopback: false })).toBe(
      '169.254.169.254 is a link-local address, which webhooks may not reach',
    )
  })
})
