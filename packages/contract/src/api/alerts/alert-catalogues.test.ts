import { describe, expect, it } from 'vitest'
import { alertActivityActions, alertKinds, alertSeverities, alertStatuses } from './alert-catalogues'
import { ALERT_ACTIVITY_ACTIONS, ALERT_KINDS, ALERT_SEVERITIES, ALERT_STATUSES } from './alerts'

describe('alert catalogues', () => {
  it('hold every value of their enumeration, in its order', () => {
    expect(alertKinds.values).toEqual(ALERT_KINDS)
    expect(alertStatuses.values).toEqual(ALERT_STATUSES)
    expect(alertSeverities.values).toEqual(ALERT_SEVERITIES)
    expect(alertActivityActions.values).toEqual(ALERT_ACTIVITY_ACTIONS)
  })

  it('label a kind as the rules editor does', () => {
    expect(alertKinds.entries.find((e) => e.value === 'machine_no_sale')?.label).toBe(
      'No sale within opening hours',
    )
  })
})
