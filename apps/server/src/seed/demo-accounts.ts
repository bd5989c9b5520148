/**
 * The demo organisations and users of DESIGN.md. Every demo password is demo1234. Development only: the seeder
 * refuses to run when NODE_ENV=production.
 */
export const DEMO_PASSWORD = 'demo1234'

export interface DemoEntity {
  code: string
  name: string
  industries: string[]
  roles: string[]
  currency: string
}

export const DEMO_ENTITIES: DemoEntity[] = [
  {
    code: 'VEND',
    name: 'Kopi & Snacks Vending Pte Ltd',
    industries: ['vending'],
    roles: [],
    currency: 'SGD',
  },
  {
    code: 'CPO',
    name: 'SparkGrid Charging',
    industries: ['cpo', 'carbon_credits_cpo', 'ev-kiosk'],
    roles: ['CPO'],
    currency: 'SGD',
  },
  { code: 'EMSP', name: 'RoamCharge Mobility', industries: ['emsp'], roles: ['EMSP'], currency: 'SGD' },
  {
    code: 'FLEET',
    name: 'Lion City Fleet Owners',
    industries: ['carbon_credits_fo'],
    roles: [],
    currency: 'SGD',
  },
  {
    code: 'CRX',
    name: 'Carbon Exchange Asia',
    industries: ['carbon_credits_crx'],
    roles: [],
    currency: 'SGD',
  },
  {
    code: 'VOLT',
    name: 'Voltnet Roaming',
    industries: ['voltnet_cpo', 'voltnet_emsp', 'voltnet_simple_tariff'],
    roles: ['CPO', 'EMSP'],
    currency: 'SGD',
  },
  { code: 'BUS', name: 'Busways Transit', industries: ['busways_ev'], roles: [], currency: 'SGD' },
  {
    code: 'HEALTH',
    name: 'CareBridge Clinics',
    industries: ['digital_health_automation'],
    roles: [],
    currency: 'SGD',
  },
  {
    code: 'MEDI',
    name: 'Medicord Health',
    industries: ['medicord', 'covid_nric'],
    roles: [],
    currency: 'SGD',
  },
  { code: 'LIMO', name: 'Prestige Limousines', industries: ['limo'], roles: [], currency: 'SGD' },
  {
    code: 'CAMP',
    name: 'Brightside Campaigns',
    industries: ['typeform_campaign'],
    roles: [],
    currency: 'SGD',
  },
  { code: 'SRS', name: 'SRS Buddy', industries: ['srs-buddy'], roles: [], currency: 'SGD' },
]

/**
 * The TOTP secret of the demo user `mfa` (authenticator on). It is public on purpose, in the README, so a person
 * (any authenticator app) and the browser tests can produce codes. Demo data only.
 */
export const DEMO_MFA_SECRET = 'PORTALDEMOMFAKEYS2345672'

export interface DemoUser {
  username: string
  name: string
  /** Entity code and relation (0 owned, 1 admin, 2 authorised). */
  memberships: [string, 0 | 1 | 2][]
  platformAdmin?: boolean
  totpSecret?: string
  /** Signs in for the first time: the portal asks for a new password before anything else. */
  initialLogin?: boolean
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', name: 'Platform Administrator', memberships: [], platformAdmin: true },
  { username: 'vending', name: 'Vera Tan', memberships: [['VEND', 0]] },
  { username: 'cpo', name: 'Chandra Pillai', memberships: [['CPO', 0]] },
  { username: 'emsp', name: 'Elena Ong', memberships: [['EMSP', 0]] },
  { username: 'fleet', name: 'Farid Rahman', memberships: [['FLEET', 0]] },
  { username: 'crx', name: 'Grace Lim', memberships: [['CRX', 0]] },
  { username: 'voltnet', name: 'Victor Goh', memberships: [['VOLT', 0]] },
  { username: 'busways', name: 'Benjamin Koh', memberships: [['BUS', 0]] },
  { username: 'health', name: 'Hui Min Chua', memberships: [['HEALTH', 0]] },
  { username: 'medicord', name: 'Mei Ling Wong', memberships: [['MEDI', 0]] },
  { username: 'limo', name: 'Leonard Yeo', memberships: [['LIMO', 0]] },
  { username: 'campaigns', name: 'Clara Seah', memberships: [['CAMP', 0]] },
  { username: 'srs', name: 'Samuel Teo', memberships: [['SRS', 0]] },
  { username: 'viewer', name: 'Wei Jie Ng', memberships: [['VEND', 2]] },
  { username: 'mfa', name: 'Mira Fernandez', memberships: [['VEND', 2]], totpSecret: DEMO_MFA_SECRET },
  { username: 'newstaff', name: 'Nur Aisyah', memberships: [['VEND', 2]], initialLogin: true },
  { username: 'finance', name: 'Farah Iskandar', memberships: [['VEND', 2]] },
]
