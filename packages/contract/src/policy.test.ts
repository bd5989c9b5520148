import { describe, expect, it } from 'vitest'
import { labelOf } from './catalogue'
import {
  ACTIONS,
  actionCovers,
  PAYMENT_CONFIG_POLICY,
  paymentConfigAccessLevel,
  policyAllows,
  resourceMatches,
} from './policy'

describe('ACTIONS', () => {
  it('are read, edit, all, *', () => {
    expect(ACTIONS.values).toEqual(['read', 'edit', 'all', '*'])
    expect(labelOf(ACTIONS, 'edit')).toBe('Edit')
    expect(labelOf(ACTIONS, 'write')).toBe('Unknown (write)')
  })
})

// A §6: Needed | Met by — read: read, edit, all, * | edit: edit, all, * | all: all, *
const COVERAGE = {
  read: ['read', 'edit', 'all', '*'],
  edit: ['edit', 'all', '*'],
  all: ['all', '*'],
} as const
const GRANTABLE = ['read', 'edit', 'all', '*', 'write', ''] as const

describe('actionCovers: the coverage table of A §6', () => {
  const rows = Object.entries(COVERAGE).flatMap(([needed, metBy]) =>
    GRANTABLE.map((granted) => [needed, granted, (metBy as readonly string[]).includes(granted)] as const),
  )

  it.each(rows)('needed %s, granted %j → %s', (needed, granted, covers) => {
    expect(actionCovers(granted, needed)).toBe(covers)
  })

  it.each([
    ['*', '*', true],
    ['all', '*', true],
    ['edit', '*', false],
    ['export', 'export', true],
    ['*', 'export', true],
    ['all', 'export', false],
  ])('granted %s, needed %s (outside the table) → %s', (granted, needed, covers) => {
    expect(actionCovers(granted, needed)).toBe(covers)
  })
})

const grant = (...codes: string[]) => codes.map((action_code) => ({ action_code, set_code: 'root' }))

describe('policyAllows', () => {
  it.each([
    [grant('read'), 'read', false, true],
    [grant('read'), 'edit', false, false],
    [grant('read'), 'edit', true, false],
    [grant('read', 'edit'), 'edit', false, true],
    [grant('*'), 'all', false, true],
    [grant('edit'), 'all', false, false],
    // no allowed action at all: only a platform administrator passes
    [grant(), 'read', false, false],
    [grant(), 'read', true, true],
    [grant(), 'all', true, true],
  ])('%j needing %s (platform admin %s) → %s', (allowed, needed, isPlatformAdmin, passes) => {
    expect(policyAllows(allowed, needed, isPlatformAdmin)).toBe(passes)
  })
})

describe('paymentConfigAccessLevel: all or * 3, edit 2, read 1 (A §6, B §6)', () => {
  it.each([
    [[], 0],
    [['read'], 1],
    [['edit'], 2],
    [['all'], 3],
    [['*'], 3],
    [['read', 'edit'], 2],
    [['edit', 'read'], 2],
    [['read', '*', 'edit'], 3],
    [['write'], 0],
    [['write', 'read'], 1],
  ])('%j → %i', (actions, level) => {
    expect(paymentConfigAccessLevel(actions)).toBe(level)
  })

  it('reads the action codes of a policy check response', () => {
    expect(paymentConfigAccessLevel(grant('read', 'edit'))).toBe(2)
  })

  it('uses the payment-configs policy', () => {
    expect(PAYMENT_CONFIG_POLICY).toEqual({ app_code: 'payment', resource_code: 'payment-configs/*' })
  })
})

describe('resourceMatches', () => {
  it.each([
    ['*', 'users', true],
    ['*', 'users/42/roles', true],
    ['*', '', true],
    ['users/*', 'users/42', true],
    ['users/*', 'users/42/roles', true],
    ['users/*', 'users/*', true],
    ['users/*', 'users', false],
    ['users/*', 'roles/42', false],
    ['users/*', 'userss/42', false],
    ['users/42', 'users/42', true],
    ['users/42', 'users/43', false],
    ['users/42', 'users/42/roles', false],
    ['users', 'users/42', false],
    ['machines/*/items', 'machines/7/items', true],
    ['machines/*/items', 'machines/7/slots', false],
    ['machines/*/items', 'machines/7/items/3', false],
    ['machines/*/items', 'machines/7', false],
    ['payment-configs/*', 'payment-configs/12', true],
    ['employees/*', 'employees/abc-uuid', true],
  ])('%s matches %j → %s', (pattern, resource, matches) => {
    expect(resourceMatches(pattern, resource)).toBe(matches)
  })
})
