import { describe, expect, it } from 'vitest'
import { ocppEndpoint } from './ocpp-card'

describe('ocppEndpoint', () => {
  it.each([
    [
      { protocol: 'https:', host: 'portal.example.com' },
      'SPK-TEST-01',
      'wss://portal.example.com/ocpp/SPK-TEST-01',
    ],
    [{ protocol: 'http:', host: '127.0.0.1:3000' }, 'SPK-TEST-01', 'ws://127.0.0.1:3000/ocpp/SPK-TEST-01'],
    [{ protocol: 'https:', host: 'p.example' }, 'CP*1', 'wss://p.example/ocpp/CP*1'],
  ])('%j %s → %s', (location, identity, url) => expect(ocppEndpoint(identity, location)).toBe(url))
})
