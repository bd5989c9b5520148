import { describe, expect, it } from 'vitest'
import { logQueryOf } from './ocpp-message-log'

describe('logQueryOf', () => {
  it.each([
    ['', { limit: 50, offset: 0 }],
    ['log_direction=in&log_kind=CALLERROR', { direction: 'in', kind: 'CALLERROR', limit: 50, offset: 0 }],
    ['log_action=%20Heartbeat%20&log_offset=100', { action: 'Heartbeat', limit: 50, offset: 100 }],
    // values the server would refuse are dropped, not sent
    ['log_direction=up&log_kind=CALLBACK&log_offset=-5', { limit: 50, offset: 0 }],
    ['log_offset=2.5&log_action=', { limit: 50, offset: 0 }],
    [`log_action=${'x'.repeat(80)}`, { action: 'x'.repeat(64), limit: 50, offset: 0 }],
  ])('%s → %j', (search, query) => expect(logQueryOf(new URLSearchParams(search))).toEqual(query))
})
