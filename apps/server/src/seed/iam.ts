import type { PolicyStatement } from '@portal/contract'
import type { Db } from '../db/database'

/** The preset policies every entity can use (docs/decisions/0012-iam-model.md). */
export const PRESET_POLICIES: { name: string; description: string; statements: PolicyStatement[] }[] = [
  {
    name: 'Administrator',
    description: 'Every action on everything.',
    statements: [{ app_code: '*', resource_code: '*', action_code: '*' }],
  },
  {
    name: 'Read only',
    description: 'Read everything, change nothing.',
    statements: [{ app_code: '*', resource_code: '*', action_code: 'read' }],
  },
  {
    name: 'IAM administrator',
    description: 'Users, roles, policies, sets and entity settings.',
    statements: [{ app_code: 'iam', resource_code: '*', action_code: 'all' }],
  },
  {
    name: 'Vending operations',
    description: 'Run machines, orders, promotions and closed loop; read transactions.',
    statements: [
      { app_code: 'iot', resource_code: '*', action_code: 'all' },
      { app_code: 'promo', resource_code: '*', action_code: 'all' },
      { app_code: 'payment', resource_code: 'transactions/*', action_code: 'read' },
    ],
  },
  {
    name: 'Vending read only',
    description: 'Read machines, orders, promotions, closed loop and transactions.',
    statements: [
      { app_code: 'iot', resource_code: '*', action_code: 'read' },
      { app_code: 'promo', resource_code: '*', action_code: 'read' },
      { app_code: 'payment', resource_code: 'transactions/*', action_code: 'read' },
    ],
  },
  {
    name: 'Payment configuration manager',
    description: 'Set up payment methods and gateways of the entity.',
    statements: [{ app_code: 'payment', resource_code: 'payment-configs/*', action_code: 'all' }],
  },
  {
    name: 'Payment configuration viewer',
    description: 'See the payment methods and gateways of the entity.',
    statements: [{ app_code: 'payment', resource_code: 'payment-configs/*', action_code: 'read' }],
  },
  {
    name: 'EV charging operations',
    description: 'Locations, sessions, tariffs and drivers; read transactions.',
    statements: [
      { app_code: 'ev', resource_code: '*', action_code: 'all' },
      { app_code: 'payment', resource_code: 'transactions/*', action_code: 'read' },
    ],
  },
  {
    name: 'Carbon credits read only',
    description: 'Read carbon records and payouts.',
    statements: [{ app_code: 'carbon', resource_code: '*', action_code: 'read' }],
  },
]

export async function seedPresetPolicies(db: Db, now: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const p of PRESET_POLICIES) {
    const row = await db
      .insertInto('iam_policy')
      .values({
        entity_code: null,
        name: p.name,
        description: p.description,
        type: 'preset',
        statements: JSON.stringify(p.statements),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.set(p.name, row.id)
  }
  return ids
}

const userId = async (db: Db, username: string) =>
  (await db.selectFrom('app_user').where('username', '=', username).select('id').executeTakeFirstOrThrow()).id

/** VEND's own policy and roles, and the grants of its authorised demo users. */
export async function seedVendAccess(db: Db, presets: Map<string, number>, now: number): Promise<void> {
  const preset = (name: string) => {
    const id = presets.get(name)
    if (id === undefined) throw new Error(`No preset policy ${name}`)
    return id
  }
  const restock = await db
    .insertInto('iam_policy')
    .values({
      entity_code: 'VEND',
      name: 'Restock machines',
      description: 'See machines; record maintenance and restocking.',
      type: 'custom',
      statements: JSON.stringify([
        { app_code: 'iot', resource_code: 'machines/*', action_code: 'read' },
        { app_code: 'iot', resource_code: 'maintenance/*', action_code: 'edit' },
      ]),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const roles: [string, string, number[]][] = [
    ['Restocker', 'Field staff who refill machines.', [restock.id]],
    [
      'Finance',
      'Reads sales and payment settings.',
      [preset('Vending read only'), preset('Payment configuration viewer')],
    ],
    ['Regional supervisor', 'Runs the machines of a region.', [preset('Vending operations')]],
  ]
  const roleIds = new Map<string, number>()
  for (const [name, description, policyIds] of roles) {
    const row = await db
      .insertInto('iam_role')
      .values({ entity_code: 'VEND', name, description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    roleIds.set(name, row.id)
    await db
      .insertInto('iam_role_policy')
      .values(policyIds.map((policy_id) => ({ role_id: row.id, policy_id })))
      .execute()
  }
  const east = await db
    .selectFrom('resource_set')
    .where('entity_code', '=', 'VEND')
    .where('code', '=', 'east')
    .select('id')
    .executeTakeFirst()
  const grants: { username: string; role?: string; policy?: string; setId?: number | null }[] = [
    { username: 'viewer', policy: 'Vending read only' },
    { username: 'mfa', policy: 'Vending read only' },
    { username: 'newstaff', role: 'Restocker', setId: east?.id ?? null },
    { username: 'finance', role: 'Finance' },
  ]
  for (const g of grants) {
    await db
      .insertInto('iam_grant')
      .values({
        entity_code: 'VEND',
        user_id: await userId(db, g.username),
        role_id: g.role ? (roleIds.get(g.role) ?? null) : null,
        policy_id: g.policy ? preset(g.policy) : null,
        set_id: g.setId ?? null,
        created_at: now,
      })
      .execute()
  }
}
