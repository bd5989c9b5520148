import type { CpoHome, EmspHome, HomeTrendPoint } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import {
  evseSegments,
  isEmptyCpoHome,
  isEmptyEmspHome,
  sessionsHref,
  trendMetrics,
  trendValues,
} from './home-model'

const totals = { from: 0, to: 0, sessions: 0, energy_kwh: 0, revenue: [], refunded: [] }
const quietTrend: HomeTrendPoint[] = [
  { day: 1, sessions: 0, energy_kwh: 0, revenue: [] },
  { day: 2, sessions: 0, energy_kwh: 0, revenue: [] },
]
const emptyCpo: CpoHome = {
  currency: 'SGD',
  currencies: ['SGD'],
  generated_at: 0,
  today: totals,
  month: totals,
  active_sessions: { charging: 0, hogging: 0, total: 0 },
  trend: quietTrend,
  network: {
    locations: 0,
    chargers: 0,
    chargers_online: 0,
    chargers_offline: 0,
    evses: 0,
    connectors: 0,
    evses_by_status: [],
  },
  top_locations: [],
}
const emptyEmsp: EmspHome = {
  currency: 'SGD',
  currencies: ['SGD'],
  generated_at: 0,
  today: totals,
  month: totals,
  active_sessions: { charging: 0, hogging: 0, total: 0 },
  trend: quietTrend,
  users: { total: 0, registered: 0, active_this_month: 0 },
  top_partners: [],
}

describe('sessionsHref: the sessions list filtered as a figure counts it', () => {
  it.each([
    [{}, '/ev-charging-sessions'],
    [{ from: 10, to: 20 }, '/ev-charging-sessions?from=10&to=20'],
    [
      { statuses: ['ACTIVE', 'HOGGING'], cpo: 'CPO' },
      '/ev-charging-sessions?status=ACTIVE&status=HOGGING&cpo=CPO',
    ],
    [{ emsp: 'EMSP', cpo: null }, '/ev-charging-sessions?emsp=EMSP'],
  ])('%j → %s', (filter, href) => {
    expect(sessionsHref(filter)).toBe(href)
  })
})

describe('empty homes', () => {
  it('a CPO without network or sessions is empty', () => {
    expect(isEmptyCpoHome(emptyCpo)).toBe(true)
  })
  it.each([
    ['a location', { ...emptyCpo, network: { ...emptyCpo.network, locations: 1 } }],
    ['an EVSE', { ...emptyCpo, network: { ...emptyCpo.network, evses: 1 } }],
    ['a session this month', { ...emptyCpo, month: { ...totals, sessions: 3 } }],
    ['a running session', { ...emptyCpo, active_sessions: { charging: 1, hogging: 0, total: 1 } }],
    ['a session in the trend', { ...emptyCpo, trend: [{ day: 1, sessions: 2, energy_kwh: 3, revenue: [] }] }],
  ])('a CPO with %s is not', (_name, home) => {
    expect(isEmptyCpoHome(home)).toBe(false)
  })
  it('an EMSP without users or sessions (a fleet owner) is empty', () => {
    expect(isEmptyEmspHome(emptyEmsp)).toBe(true)
  })
  it.each([
    ['app users', { ...emptyEmsp, users: { total: 5, registered: 3, active_this_month: 0 } }],
    ['a session this month', { ...emptyEmsp, month: { ...totals, sessions: 1 } }],
    ['a running session', { ...emptyEmsp, active_sessions: { charging: 0, hogging: 1, total: 1 } }],
  ])('an EMSP with %s is not', (_name, home) => {
    expect(isEmptyEmspHome(home)).toBe(false)
  })
})

describe('evseSegments', () => {
  it('gives the share of each status with EVSEs, in order, with its tone', () => {
    expect(
      evseSegments([
        { status: 'AVAILABLE', count: 3 },
        { status: 'BLOCKED', count: 0 },
        { status: 'CHARGING', count: 1 },
        { status: 'WEIRD', count: 4 },
      ]),
    ).toEqual([
      { status: 'AVAILABLE', count: 3, percent: 37.5, tone: 'positive' },
      { status: 'CHARGING', count: 1, percent: 12.5, tone: 'info' },
      { status: 'WEIRD', count: 4, percent: 50, tone: 'neutral' },
    ])
  })
  it('is empty for a network without EVSEs', () => {
    expect(evseSegments([{ status: 'AVAILABLE', count: 0 }])).toEqual([])
  })
})

describe('trend series', () => {
  const trend: HomeTrendPoint[] = [
    { day: 1, sessions: 4, energy_kwh: 20.5, revenue: [{ currency: 'SGD', incl_vat: 10 }] },
    {
      day: 2,
      sessions: 6,
      energy_kwh: 30,
      revenue: [
        { currency: 'SGD', incl_vat: 12 },
        { currency: 'MYR', incl_vat: 40 },
      ],
    },
  ]
  it('offers sessions, energy and one revenue per currency', () => {
    expect(trendMetrics(['SGD', 'MYR'])).toEqual(['sessions', 'energy', 'revenue:SGD', 'revenue:MYR'])
  })
  it.each([
    ['sessions', [4, 6]],
    ['energy', [20.5, 30]],
    ['revenue:SGD', [10, 12]],
    ['revenue:MYR', [0, 40]],
  ] as const)('%s', (metric, values) => {
    expect(trendValues(trend, metric).map((p) => p.value)).toEqual(values)
  })
})
