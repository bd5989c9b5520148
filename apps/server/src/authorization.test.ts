import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from './lib/passwords'
import { totp } from './lib/totp'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from './seed/machine-keys'
import { LiveClient } from './test-support/live-client'
import type { RouteEntry } from './plugins/auth'
import { call, createTestApp, DIALECTS, loginAs } from './test-support'
import { serviceAccountKeyFor } from './test-support/service-account-caller'
import type { Ctx, Fixture, Prepared } from './test-support/authorization-fixtures'
import { unique } from './test-support/authorization-fixtures'
import { AREA_FIXTURES } from './test-support/fixtures'

/**
 * The authorization matrix, generated from the server's own route table so no endpoint is forgotten (step 3):
 * for every endpoint, no token → 401; a user without the policy → 403; a user of another entity asking for this
 * entity's objects by id → 404 and no data; the right user → 2xx. A route without a fixture below fails the test.
 */

/** Routes reachable without a token, on purpose. Anything else public is a mistake the test catches. */
const PUBLIC = new Set([
  'POST /api/main/iam/login',
  'POST /api/main/iam/authenticate',
  'POST /api/main/iam/sms-login',
  'POST /api/main/iam/verify-smslogin',
  'POST /api/main/iam/refresh-token',
  'GET /api/main/iam/reset-password/:ott',
  'POST /api/main/iam/reset-password/:ott',
  'GET /api/main/dev/sms-outbox',
  'GET /api/main/dev/mail-outbox',
  'POST /api/main/dev/expire-access-tokens',
  // Single sign-on (issue 18, decision 0118): the browser navigates through both before it has a session.
  'GET /api/main/iam/sso/start',
  'GET /api/main/iam/sso/callback',
])

/**
 * Routes any signed-in user may call, because the service itself decides (their own profile and password, the
 * policy check, switching entity, reference data). Adding one here is a decision; the test keeps the list honest.
 */
const SIGNED_IN = new Set([
  'POST /api/main/iam/logout',
  'PUT /api/main/iam/users/:id/authenticator/register',
  'PUT /api/main/iam/users/:id/authenticator/confirm',
  'PUT /api/main/iam/users/:id/authenticator/disable',
  'POST /api/main/iam/users/reset-password-link',
  'POST /api/main/iam/users/change-password',
  'GET /api/main/iam/entities',
  'GET /api/main/entity',
  'POST /api/main/iam/entities/switch',
  'GET /api/main/iam/entities/:id',
  'PUT /api/main/iam/entities/:code',
  'POST /api/main/iam/policies/check',
  'GET /api/main/iam/policies/apps',
  'GET /api/main/iam/policies/actions',
  'GET /api/main/iam/policies/resource',
  'GET /api/main/iam/users/:id',
  'PUT /api/main/iam/users/:id',
  'POST /api/main/iam/users/:id/child-entities/filter',
  'POST /api/main/iam/img-upload',
  'GET /api/charging/iam/entities',
  // Entity settings' reference data (catalogues of payment methods and gateways, integration types and gateways).
  'GET /api/main/payment/payment-configs/method',
  'GET /api/main/payment/payment-configs/gateway',
  'GET /api/main/iam/integration-configs/type',
  'GET /api/main/iam/integration-configs/type/:code',
  'GET /api/main/iam/integration-configs/gateway',
  'GET /api/main/iam/integration-configs/gateway/:name',
  // Saved views (issue 18): each call checks the read permission of the view's list itself (decision 0116).
  'POST /api/main/views/filter',
  'POST /api/main/views',
  'PUT /api/main/views/:id',
  'DELETE /api/main/views/:id',
  // Bulk actions (issue 18): the list and action named decide the permission, checked in the service (decision 0117).
  'POST /api/main/bulk-actions',
  'GET /api/main/bulk-actions/:id',
  // Global search (issue 18): any member; the service searches only the kinds the caller may read (decision 0115).
  'GET /api/main/search',
  // The live stream: open to every member; each event is filtered by its own permission (issue 16).
  'GET /api/main/live',
  // Any member may say whether they want alert e-mails (turning them on needs read on alerts).
  'GET /api/main/alerts/subscription',
])

/**
 * Routes a service account's key (issue 18) may not call even with the right user's policies, each with the reason.
 * The key is refused (401 or 403, never 500); every other route answers it the right user's 2xx.
 */
const NOT_FOR_KEYS: Record<string, string> = {
  // A person's own session or account (declared `sessionOnly` on the route: 403 for a key).
  'POST /api/main/iam/logout': 'ends a session; a key has none (revoke the key instead)',
  'PUT /api/main/iam/users/:id/authenticator/register': "a person's own second factor",
  'PUT /api/main/iam/users/:id/authenticator/confirm': "a person's own second factor",
  'PUT /api/main/iam/users/:id/authenticator/disable': "a person's own second factor",
  'POST /api/main/iam/users/change-password': "a person's own password",
  'POST /api/main/iam/entities/switch': "a key acts in its account's one entity",
  'GET /api/main/live': 'the stream re-checks the session it opened with; integrators use webhooks',
  // The right user holds it by being an owner or admin of the entity (not by a policy); a service account is an
  // authorised member only. Platform-admin routes are refused to keys too: a service account is never one.
  'POST /api/main/iam/users/reset-password-link': 'only an owner or admin of the entity sends reset links',
}

/** Objects the right user sees as their own or by their relation, which a key sees as another member's: 404. */
const NOT_FOUND_FOR_KEYS: Record<string, string> = {
  // A scheduled report is its owner's alone (its runs act and mail as them): anybody else's caller gets 404.
  'PUT /api/main/report-schedules/:id': "another user's schedule",
  'DELETE /api/main/report-schedules/:id': "another user's schedule",
  'POST /api/main/report-schedules/:id/run': "another user's schedule",
}

/** Routes whose path parameter names reference data, not an object of an entity: no 404 across entities. */
const NOT_ENTITY_OBJECTS = new Set([
  'GET /api/main/iam/integration-configs/type/:code',
  'GET /api/main/iam/integration-configs/gateway/:name',
  // An alert kind: each entity edits its own rule of that kind.
  'PUT /api/main/alerts/rules/:kind',
])

const newSku = () => ({ sku_code: unique('MX-'), name: 'Matrix Kopi', category: 'coffee_tea', price: 180 })
const newTemplate = () => ({
  resourceCode: 'TCN-CSC-10C',
  name: unique('Matrix layout '),
  content: { items: [{ slot_no: 1, price: '180', name: 'Coca-Cola 320ml', capacity: 10, stock: 5 }] },
})
/** The first SKU of VEND (seeded). */
const vendSku = async (ctx: Ctx) => {
  const r = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iot/skus/filter', { limit: 1, offset: 0 })
  return (r.body.data.skus as { id: number }[])[0]?.id ?? 0
}
/** The newest template of VEND. */
const vendTemplate = async (ctx: Ctx) => {
  const r = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iot/templates/filter', {
    per_page: 1,
    current_page: 1,
  })
  return (r.body.data.templates as { id: string }[])[0]?.id ?? ''
}
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

function multipart(bytes: Buffer) {
  const boundary = '----portalboundary'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const createPolicy = async (ctx: Ctx) =>
  (
    await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iam/policies', {
      name: unique('Matrix policy '),
      statements: [{ app_code: 'iot', resource_code: 'machines/*', action_code: 'read' }],
    })
  ).body.data.id as number

const createUser = async (ctx: Ctx) =>
  (
    await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iam/users', {
      name: 'Matrix User',
      username: unique('matrix'),
    })
  ).body.data.user.user_uuid as string

const PAYMENT = '/api/main/payment/payment-configs'

/** The first seeded device of VEND (TCN or dashboard). */
const vendRowId = async (ctx: Ctx, table: 'tcn_device' | 'dashboard_device') =>
  (
    await ctx.t.database.db
      .selectFrom(table)
      .where('entity_code', '=', 'VEND')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id

/** A seeded promotion of VEND. */
const vendPromotionUuid = async (ctx: Ctx) =>
  (
    await ctx.t.database.db
      .selectFrom('promotion')
      .where('entity_code', '=', 'VEND')
      .select('uuid')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).uuid

/** VEND's seeded card option (Credit Card through Stripe, seed/entity-settings.ts). */
const vendCardOption = async (ctx: Ctx) =>
  (
    await ctx.api(ctx.tokens.vending, 'POST', `${PAYMENT}/entity/filter`, {
      limit: 1,
      offset: 0,
      method_code: 5,
    })
  ).body.data.options[0].id as number

/** VEND's seeded SMS integration option. */
const vendIntegrationOption = async (ctx: Ctx) =>
  (
    await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iam/integration-options/filter', {
      limit: 1,
      offset: 0,
      type_code: 'sms',
    })
  ).body.data.options[0].id as number

/** Payment options are unique per method and gateway: each new one takes the next method the portal settles. */
const INTERNAL_METHODS = [20, 21, 22, 23, 24, 26, 28, 32, 35, 95, 97, 100, 101, 104, 105]
let nextInternal = 0
const newPaymentOption = () => {
  const method = INTERNAL_METHODS[nextInternal++ % INTERNAL_METHODS.length]
  return {
    method_code: method,
    gateway_code: 'internal',
    display_name: unique('Matrix '),
    config: { flow_type: 6 },
  }
}

/** A machines export of VEND, once the runner has written it (it starts at once on a request). */
const vendExport = async (ctx: Ctx) => {
  const job = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/exports', {
    source: 'machines',
    format: 'csv',
    filters: {},
  })
  const uuid = job.body.data.export_job.uuid as string
  for (let i = 0; i < 400; i++) {
    const r = await ctx.api(ctx.tokens.vending, 'GET', `/api/main/exports/${uuid}`)
    if (r.body.data.export_job.status !== 1) break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return uuid
}

const CORE_FIXTURES: Record<string, Fixture> = {
  'POST /api/main/iam/logout': async (ctx) => ({ as: { token: await loginAs(ctx.t.app, 'vending') } }),
  'PUT /api/main/iam/users/:id/authenticator/register': (ctx) => ({
    params: { id: ctx.vend.nograntsUuid },
    as: 'nogrants',
  }),
  'PUT /api/main/iam/users/:id/authenticator/confirm': async (ctx) => {
    const reg = await ctx.api(
      ctx.tokens.nogrants,
      'PUT',
      `/api/main/iam/users/${ctx.vend.nograntsUuid}/authenticator/register`,
    )
    return {
      params: { id: ctx.vend.nograntsUuid },
      body: { code: totp(reg.body.data.secret as string) },
      as: 'nogrants',
    }
  },
  'PUT /api/main/iam/users/:id/authenticator/disable': (ctx) => ({
    params: { id: ctx.vend.nograntsUuid },
    body: { password: 'demo1234' },
    as: 'nogrants',
  }),
  'POST /api/main/iam/users/reset-password-link': (ctx) => ({ body: { user_uuid: ctx.vend.viewerUuid } }),
  'POST /api/main/iam/users/change-password': () => ({
    body: { current_password: 'demo1234', new_password: 'Matrix-Harbour-99' },
    as: 'admin',
  }),
  'GET /api/main/iam/entities': () => ({}),
  'GET /api/main/entity': () => ({}),
  'POST /api/main/iam/entities/filter': () => ({ body: { limit: 10, offset: 0 }, as: 'admin' }),
  'POST /api/main/iam/entities': () => ({
    body: { code: unique('MX'), name: 'Matrix Entity', industries: ['vending'] },
    as: 'admin',
  }),
  'POST /api/main/iam/entities/clinic': () => ({ body: { code: unique('CL'), name: 'Matrix Clinic' } }),
  'POST /api/main/iam/entities/switch': () => ({ body: { entity_code: 'VEND' } }),
  'GET /api/main/iam/entities/:id': () => ({ params: { id: 'VEND' } }),
  'PUT /api/main/iam/entities/:code': () => ({
    params: { code: 'VEND' },
    body: { time_zone: 'Asia/Singapore' },
  }),
  'POST /api/main/iam/policies/check': () => ({ body: { app_code: 'iot', resource_code: 'machines/*' } }),
  'GET /api/main/iam/policies/apps': () => ({}),
  'GET /api/main/iam/policies/actions': () => ({ query: 'name=read' }),
  'GET /api/main/iam/policies/resource': () => ({ query: 'app_code=iot' }),
  'POST /api/main/iam/policies/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'POST /api/main/iam/policies/search': () => ({ body: { query: 'Read' } }),
  'POST /api/main/iam/policies': () => ({
    body: {
      name: unique('Matrix '),
      statements: [{ app_code: 'iot', resource_code: 'machines/*', action_code: 'read' }],
    },
  }),
  'GET /api/main/iam/policies/:id': (ctx) => ({ params: { id: String(ctx.vend.policyId) } }),
  'PUT /api/main/iam/policies/:id': (ctx) => ({
    params: { id: String(ctx.vend.policyId) },
    body: {
      name: 'Restock machines',
      description: 'See machines; record maintenance and restocking.',
      statements: [
        { app_code: 'iot', resource_code: 'machines/*', action_code: 'read' },
        { app_code: 'iot', resource_code: 'maintenance/*', action_code: 'edit' },
      ],
    },
  }),
  'DELETE /api/main/iam/policies/:id': async (ctx) => ({ params: { id: String(await createPolicy(ctx)) } }),
  'POST /api/main/iam/roles/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'POST /api/main/iam/roles/search': () => ({ body: { query: 'Res' } }),
  'POST /api/main/iam/roles': (ctx) => ({
    body: { name: unique('Matrix role '), policy_ids: [ctx.vend.policyId] },
  }),
  'GET /api/main/iam/roles/:id': (ctx) => ({ params: { id: String(ctx.vend.roleId) } }),
  'PUT /api/main/iam/roles/:id': (ctx) => ({
    params: { id: String(ctx.vend.roleId) },
    body: {
      name: 'Restocker',
      description: 'Field staff who refill machines.',
      policy_ids: [ctx.vend.policyId],
    },
  }),
  'DELETE /api/main/iam/roles/:id': async (ctx) => {
    const role = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iam/roles', {
      name: unique('Doomed '),
      policy_ids: [await createPolicy(ctx)],
    })
    return { params: { id: String(role.body.data.id) } }
  },
  'POST /api/main/iam/sets/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'POST /api/main/iam/sets/search': () => ({ body: { query: 'ea' } }),
  'POST /api/main/iam/sets/search/resource': () => ({ body: { query: 'NUS' } }),
  'POST /api/main/iam/sets': () => ({ body: { code: unique('matrix-'), name: 'Matrix set' } }),
  'GET /api/main/iam/sets/:id': (ctx) => ({ params: { id: String(ctx.vend.setId) } }),
  'GET /api/main/iam/sets/:id/parents': (ctx) => ({ params: { id: String(ctx.vend.setId) } }),
  'PUT /api/main/iam/sets/:id': async (ctx) => {
    const code = unique('put-')
    const set = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iam/sets', { code, name: 'To change' })
    return { params: { id: String(set.body.data.id) }, body: { code, name: 'Changed' } }
  },
  'GET /api/main/iam/users/:id': (ctx) => ({ params: { id: ctx.vend.viewerUuid } }),
  'POST /api/main/iam/users/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'POST /api/main/iam/users/search': () => ({ body: { query: 'a' } }),
  'POST /api/main/iam/users': () => ({ body: { name: 'Matrix New', username: unique('new') } }),
  'PUT /api/main/iam/users/:id': (ctx) => ({
    params: { id: ctx.vend.viewerUuid },
    body: { name: 'Wei Jie Ng' },
  }),
  'PUT /api/main/iam/users/:id/status/update': async (ctx) => ({
    params: { id: await createUser(ctx) },
    body: { status: 4 },
  }),
  'POST /api/main/iam/users/:id/child-entities/filter': (ctx) => ({
    params: { id: ctx.vend.viewerUuid },
    body: { limit: 1 },
  }),
  'POST /api/main/iam/img-upload': () => ({ payload: multipart(PNG) }),
  'GET /api/main/iam/audit': (ctx) => ({ query: `object_type=role&object_id=${String(ctx.vend.roleId)}` }),
  'POST /api/main/iot/machines/filter': () => ({ body: { limit: 20, offset: 0 } }),
  'GET /api/main/iot/machines/:id': (ctx) => ({ params: { id: String(ctx.vend.machineId) } }),
  'POST /api/main/iot/orders/items-filter': () => ({ body: { limit: 20, offset: 0 } }),
  'POST /api/main/iot/orders/items/count': () => ({ body: { status_list: [4] } }),
  'GET /api/main/iot/orders/:uuid': async (ctx) => ({
    params: {
      uuid: (
        await ctx.t.database.db
          .selectFrom('machine_order')
          .where('entity_code', '=', 'VEND')
          .select('uuid')
          .executeTakeFirstOrThrow()
      ).uuid,
    },
  }),
  'POST /api/main/payment/transaction/filter': () => ({ body: { limit: 20, offset: 0, status_list: [3] } }),
  'PUT /api/main/iot/machines/:id/settings': async (ctx) => {
    const m = await ctx.api(ctx.tokens.vending, 'GET', `/api/main/iot/machines/${String(ctx.vend.machineId)}`)
    return { params: { id: String(ctx.vend.machineId) }, body: m.body.data.general_settings }
  },
  'PUT /api/main/iot/machines/:id/items': async (ctx) => {
    const m = await ctx.api(ctx.tokens.vending, 'GET', `/api/main/iot/machines/${String(ctx.vend.machineId)}`)
    const [item] = m.body.data.items as { slot_no: number; price: number; stock: number; capacity: number }[]
    const { slot_no, price, stock, capacity } = item ?? { slot_no: 1, price: 0, stock: 0, capacity: 0 }
    return {
      params: { id: String(ctx.vend.machineId) },
      body: { items: [{ slot_no, price, stock, capacity, is_enabled: true }] },
    }
  },
  'POST /api/main/iot/skus/filter': () => ({ body: { limit: 25, offset: 0 } }),
  'POST /api/main/iot/skus': () => ({ body: newSku() }),
  'GET /api/main/iot/skus/:id': async (ctx) => ({ params: { id: String(await vendSku(ctx)) } }),
  'PUT /api/main/iot/skus/:id': async (ctx) => {
    const body = newSku()
    const created = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iot/skus', body)
    return { params: { id: String(created.body.data.id) }, body: { ...body, name: 'Matrix Kopi-O' } }
  },
  'POST /api/main/iot/templates/filter': () => ({ body: { per_page: 25, current_page: 1 } }),
  'POST /api/main/iot/templates': () => ({ body: newTemplate() }),
  'GET /api/main/iot/templates/:id': async (ctx) => ({ params: { id: await vendTemplate(ctx) } }),
  'PUT /api/main/iot/templates/:id': async (ctx) => ({
    params: { id: await vendTemplate(ctx) },
    body: newTemplate(),
  }),
  'DELETE /api/main/iot/templates/:id': async (ctx) => {
    const created = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iot/templates', newTemplate())
    return { params: { id: created.body.data.id as string } }
  },
  // Exports: the route lets in who may export any list; the handler checks the list's own permission.
  'POST /api/main/exports': () => ({
    body: { source: 'machines', format: 'csv', filters: { active_filter: 1 } },
  }),
  'POST /api/main/exports/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'GET /api/main/exports/:uuid': async (ctx) => ({ params: { uuid: await vendExport(ctx) } }),
  'GET /api/main/exports/:uuid/download': async (ctx) => ({ params: { uuid: await vendExport(ctx) } }),
  'POST /api/main/iot/mt-summaries/filter': () => ({ body: { limit: 25, offset: 0 } }),
  'GET /api/main/iot/mt-summaries/maintainers': () => ({}),
  'GET /api/main/iot/mt-summaries/:id': async (ctx) => {
    const list = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iot/mt-summaries/filter', {
      limit: 1,
      offset: 0,
    })
    return { params: { id: String(list.body.data.mt_summaries[0].id as number) } }
  },
  'POST /api/main/iot/orders/creditlogs/filter': () => ({ body: { limit: 50, offset: 0 } }),
  'POST /api/main/promo/closed-loops/filter': () => ({ body: { limit: 20, offset: 0 } }),
  'POST /api/main/promo/employees/filter': () => ({ body: { filter: { limit: 20, offset: 0 } } }),
  'GET /api/main/promo/closed-loops/:uuid': async (ctx) => ({
    params: {
      uuid: (
        await ctx.api(ctx.tokens.vending, 'POST', '/api/main/promo/closed-loops/filter', {
          limit: 1,
          offset: 0,
        })
      ).body.data.persons[0].person_uuid as string,
    },
  }),
  'GET /api/charging/iam/entities': () => ({ query: 'limit=1000' }),
  'GET /api/main/payment/payment-configs/method': () => ({ query: 'name=pay' }),
  'GET /api/main/payment/payment-configs/gateway': () => ({ query: 'method_code=5' }),
  'POST /api/main/payment/payment-configs/entity': () => ({ body: newPaymentOption() }),
  'POST /api/main/payment/payment-configs/entity/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'GET /api/main/payment/payment-configs/entity/:id': async (ctx) => ({
    params: { id: String(await vendCardOption(ctx)) },
  }),
  'PUT /api/main/payment/payment-configs/entity/:id': async (ctx) => ({
    params: { id: String(await vendCardOption(ctx)) },
    // The stored secrets are kept: they are left out.
    body: {
      method_code: 5,
      gateway_code: 'stripe',
      display_name: 'Cards (Stripe)',
      config: { merchant_id: 'acct_demo_kopi', flow_type: 2, card_payment_types: ['credit_card', 'stripe'] },
    },
  }),
  'DELETE /api/main/payment/payment-configs/entity/:id': async (ctx) => {
    const option = await ctx.api(ctx.tokens.vending, 'POST', `${PAYMENT}/entity`, newPaymentOption())
    return { params: { id: String(option.body.data.id) } }
  },
  'POST /api/main/payment/payment-configs/user': async (ctx) => ({
    body: { user_uuid: await createUser(ctx), option_id: await vendCardOption(ctx), daily_limit: 1000 },
  }),
  'POST /api/main/payment/payment-configs/user/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'GET /api/main/payment/payment-configs/user/members': () => ({ query: 'query=fin' }),
  'DELETE /api/main/payment/payment-configs/user/:id': async (ctx) => {
    const config = await ctx.api(ctx.tokens.vending, 'POST', `${PAYMENT}/user`, {
      user_uuid: await createUser(ctx),
      option_id: await vendCardOption(ctx),
    })
    return { params: { id: String(config.body.data.id) } }
  },
  'PUT /api/main/payment/payment-configs/user-bulk': async (ctx) => {
    const list = await ctx.api(ctx.tokens.vending, 'POST', `${PAYMENT}/user/filter`, { limit: 1, offset: 0 })
    return { body: { configs: [{ id: list.body.data.configs[0].id as number, is_enabled: true }] } }
  },
  'POST /api/main/iam/integration-options/filter': () => ({ body: { limit: 10, offset: 0 } }),
  'POST /api/main/iam/integration-options/create': () => ({
    body: {
      type_code: 'webhook',
      gateway_name: 'generic',
      name: unique('Matrix hook '),
      config: { url: 'https://hooks.example.com/matrix', signing_secret: 'matrix-signing-secret' },
    },
  }),
  'GET /api/main/iam/integration-options/:id': async (ctx) => ({
    params: { id: String(await vendIntegrationOption(ctx)) },
  }),
  'PUT /api/main/iam/integration-options/:id': async (ctx) => ({
    params: { id: String(await vendIntegrationOption(ctx)) },
    body: {
      type_code: 'sms',
      gateway_name: 'twilio',
      name: 'Restock alerts (SMS)',
      config: { account_id: 'AC00000000000000000000000000demo', sender_id: 'KOPISNACK' },
    },
  }),
  'DELETE /api/main/iam/integration-options/:id': async (ctx) => {
    const option = await ctx.api(ctx.tokens.vending, 'POST', '/api/main/iam/integration-options/create', {
      type_code: 'webhook',
      gateway_name: 'generic',
      name: unique('Doomed hook '),
      config: { url: 'https://hooks.example.com/doomed', signing_secret: 'doomed-signing-secret' },
    })
    return { params: { id: String(option.body.data.id) } }
  },
  // Devices and promotions (step 4, helper E): ids read from VEND's seeded rows.
  'POST /api/main/iot/tcn-devices/filter': () => ({ body: { limit: 50, offset: 0 } }),
  'GET /api/main/iot/tcn-devices/:id': async (ctx) => ({
    params: { id: String(await vendRowId(ctx, 'tcn_device')) },
  }),
  'POST /api/main/iot/devices/filter': () => ({ body: { limit: 25, offset: 0 } }),
  'GET /api/main/iot/devices/:id': async (ctx) => ({
    params: { id: String(await vendRowId(ctx, 'dashboard_device')) },
  }),
  'POST /api/main/iot/devices/:id/commands': async (ctx) => ({
    params: { id: String(await vendRowId(ctx, 'dashboard_device')) },
    body: { command_code: 'sync_planogram' },
  }),
  'POST /api/main/promo/promotions/filter': () => ({ body: { limit: 20, offset: 0 } }),
  'POST /api/main/promo/promotions': () => ({
    body: { name: unique('Matrix promo '), type: 1, item_balance: 1, original_item_balance: 5 },
  }),
  'GET /api/main/promo/promotions/:uuid': async (ctx) => ({ params: { uuid: await vendPromotionUuid(ctx) } }),
  'PUT /api/main/promo/promotions/:uuid': async (ctx) => ({
    params: { uuid: await vendPromotionUuid(ctx) },
    body: { name: 'Matrix discount', type: 4, discount_type: 2, discount: 10 },
  }),
  'GET /api/main/iam/integration-configs/type': () => ({}),
  'GET /api/main/iam/integration-configs/type/:code': () => ({ params: { code: 'sms' } }),
  'GET /api/main/iam/integration-configs/gateway': () => ({ query: 'type_code=sms' }),
  'GET /api/main/iam/integration-configs/gateway/:name': () => ({
    params: { name: 'twilio' },
    query: 'type_code=sms',
  }),
}

/** Every area's fixtures: the core ones above, and one file per area in test-support/fixtures/. */
export const FIXTURES: Record<string, Fixture> = { ...CORE_FIXTURES, ...AREA_FIXTURES }

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`
const fill = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:(\w+)\??/g, (_m, name: string) => params[name] ?? 'missing')

describe.each(DIALECTS)('authorization matrix on %s', (dialect) => {
  let ctx: Ctx
  let routes: RouteEntry[]

  beforeAll(async () => {
    // The service-account key caller makes one request per route with one key: no rate limit in the way.
    const t = await createTestApp(dialect, { scale: 0.01, config: { apiKeyRateLimitPerMin: 1_000_000 } })
    const db = t.database.db
    // A member of VEND with no role and no policy: every policy-protected call must refuse them.
    const now = Date.now()
    const user = await db
      .insertInto('app_user')
      .values({
        user_uuid: 'nogrants-0000-4000-a000-000000000000',
        name: 'No Grants',
        username: 'nogrants',
        email: null,
        phone_number: null,
        image_url: null,
        password_hash: await hashPassword('demo1234'),
        status: 1,
        is_platform_admin: 0,
        mfa_primary_mode: 'none',
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        password_changed_at: now,
        is_initial_login: 0,
        default_entity_code: 'VEND',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('membership')
      .values({ user_id: user.id, entity_code: 'VEND', relation: 2, created_at: now })
      .execute()
    const one = <T>(q: Promise<T | undefined>) =>
      q.then((v) => (v === undefined ? Promise.reject(new Error('fixture missing')) : v))
    ctx = {
      t,
      tokens: {
        vending: await loginAs(t.app, 'vending'),
        cpo: await loginAs(t.app, 'cpo'),
        admin: await loginAs(t.app, 'admin'),
        nogrants: await loginAs(t.app, 'nogrants'),
      },
      vend: {
        machineId: (
          await one(
            db.selectFrom('machine').where('entity_code', '=', 'VEND').select('id').executeTakeFirst(),
          )
        ).id,
        viewerUuid: (
          await one(
            db.selectFrom('app_user').where('username', '=', 'viewer').select('user_uuid').executeTakeFirst(),
          )
        ).user_uuid,
        nograntsUuid: 'nogrants-0000-4000-a000-000000000000',
        policyId: (
          await one(
            db.selectFrom('iam_policy').where('entity_code', '=', 'VEND').select('id').executeTakeFirst(),
          )
        ).id,
        roleId: (
          await one(
            db
              .selectFrom('iam_role')
              .where('entity_code', '=', 'VEND')
              .where('name', '=', 'Restocker')
              .select('id')
              .executeTakeFirst(),
          )
        ).id,
        setId: (
          await one(
            db
              .selectFrom('resource_set')
              .where('entity_code', '=', 'VEND')
              .where('code', '=', 'east')
              .select('id')
              .executeTakeFirst(),
          )
        ).id,
      },
      api: async (token, method, url, body) => {
        const r = await call(t.app, method, url, { token, body })
        return { status: r.status, body: r.body }
      },
    }
    routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'))
  })
  afterAll(() => ctx.t.close())

  it('has a fixture for every authenticated route, and only the intended routes are public', () => {
    const publicRoutes = routes.filter((r) => r.permission === 'public').map(keyOf)
    expect(publicRoutes.sort()).toEqual([...PUBLIC].filter((k) => routes.some((r) => keyOf(r) === k)).sort())
    const signedIn = routes.filter((r) => r.permission === 'authenticated').map(keyOf)
    expect(signedIn.sort()).toEqual([...SIGNED_IN].sort())
    const missing = routes.filter((r) => r.permission !== 'public' && !(keyOf(r) in FIXTURES)).map(keyOf)
    expect(missing).toEqual([])
  })

  let listening: string | undefined
  const send = async (route: RouteEntry, token: string | null, prepared: Prepared) => {
    const url = fill(route.url, prepared.params) + (prepared.query ? `?${prepared.query}` : '')
    if (prepared.stream) {
      listening ??= await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
      const abort = new AbortController()
      const response = await fetch(`${listening}${url}`, {
        headers: token ? { authorization: `Token ${token}`, connection: 'close' } : { connection: 'close' },
        signal: abort.signal,
      })
      const body: unknown = response.ok ? {} : await response.json()
      abort.abort()
      return { status: response.status, body }
    }
    if (prepared.payload) {
      const response = await ctx.t.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        headers: { ...prepared.payload.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
        payload: prepared.payload.body,
      })
      return { status: response.statusCode, body: response.json<unknown>() }
    }
    const body = prepared.body ?? (route.method === 'POST' || route.method === 'PUT' ? {} : undefined)
    return call(ctx.t.app, route.method as InjectOptions['method'], url, { token, body })
  }

  it('answers every non-public route 401 without a token', async () => {
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      const fixture = FIXTURES[keyOf(route)]
      const prepared = fixture ? await fixture(ctx) : {}
      const r = await send(route, null, prepared)
      expect(r.status, keyOf(route)).toBe(401)
    }
  })

  it('answers 403 to a member without the policy, on every policy-protected route', async () => {
    for (const route of routes.filter(
      (r) => typeof r.permission === 'object' || r.permission === 'platform-admin',
    )) {
      const fixture = FIXTURES[keyOf(route)]
      if (!fixture) continue
      const r = await send(route, ctx.tokens.nogrants, await fixture(ctx))
      expect(r.status, keyOf(route)).toBe(403)
    }
  })

  /** A machine of an entity other than VEND, with its demo key. */
  const otherMachineKey = async () => {
    const machine = await ctx.t.database.db
      .selectFrom('machine')
      .where('entity_code', '<>', 'VEND')
      .select(['entity_code', 'serial_number'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    return demoMachineKey(machine.entity_code, machine.serial_number)
  }

  it("answers 404 and no data when another entity's owner names this entity's objects", async () => {
    for (const route of routes.filter(
      (r) =>
        r.permission !== 'public' &&
        r.permission !== 'platform-admin' &&
        r.url.includes(':') &&
        !NOT_ENTITY_OBJECTS.has(keyOf(r)),
    )) {
      const fixture = FIXTURES[keyOf(route)]
      if (!fixture) continue
      const prepared = await fixture(ctx)
      // A machine's route (issue 15) is opened by a machine's key: the other entity's is one of its machines.
      const r = await send(
        route,
        route.permission === 'machine' ? await otherMachineKey() : ctx.tokens.cpo,
        prepared,
      )
      expect(r.status, `${keyOf(route)} ${JSON.stringify(prepared.params)}`).toBe(404)
      expect(Object.keys(r.body as object), keyOf(route)).toEqual(['error'])
    }
  })

  it('answers 2xx to the right user on every route', async () => {
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      const fixture = FIXTURES[keyOf(route)]
      if (!fixture) continue
      const prepared = await fixture(ctx)
      const token =
        prepared.as === undefined
          ? ctx.tokens.vending
          : typeof prepared.as === 'string'
            ? ctx.tokens[prepared.as]
            : prepared.as.token
      const r = await send(route, token, prepared)
      expect(r.status, `${keyOf(route)} → ${JSON.stringify(r.body).slice(0, 300)}`).toBeGreaterThanOrEqual(
        200,
      )
      expect(r.status, keyOf(route)).toBeLessThan(300)
    }
  })

  it("answers a service account's key holding the right user's policies as the right user", async () => {
    const sessionOnly = routes.filter((r) => r.sessionOnly).map(keyOf)
    expect(
      sessionOnly.every((k) => k in NOT_FOR_KEYS),
      sessionOnly.join(', '),
    ).toBe(true)
    const wrong: string[] = []
    for (const route of routes.filter((r) => r.permission !== 'public' && r.permission !== 'machine')) {
      const fixture = FIXTURES[keyOf(route)]
      if (!fixture) continue
      const prepared = await fixture(ctx)
      const token =
        prepared.as === undefined
          ? ctx.tokens.vending
          : typeof prepared.as === 'string'
            ? ctx.tokens[prepared.as]
            : prepared.as.token
      const key = await serviceAccountKeyFor(ctx.t.database.db, token)
      const r = await send(route, key ?? 'pk_none', prepared)
      const refused = keyOf(route) in NOT_FOR_KEYS || route.permission === 'platform-admin' || key === null
      const ok = refused
        ? r.status === 401 || r.status === 403
        : keyOf(route) in NOT_FOUND_FOR_KEYS
          ? r.status === 404
          : r.status >= 200 && r.status < 300
      if (!ok) wrong.push(`${keyOf(route)} → ${String(r.status)} ${JSON.stringify(r.body).slice(0, 200)}`)
    }
    expect(wrong).toEqual([])
    // One more call per route, and a service account per right user: longer than a single pass.
  }, 240_000)

  it("the live stream's row: another entity's events never arrive, nor what a member's policies do not reach", async () => {
    listening ??= await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const own = await LiveClient.open(listening, ctx.tokens.vending)
    const others = await Promise.all([
      LiveClient.open(listening, ctx.tokens.cpo),
      LiveClient.open(listening, ctx.tokens.nogrants),
    ])
    try {
      const machine = await ctx.t.database.db
        .selectFrom('machine')
        .where('entity_code', '=', 'VEND')
        .where('serial_number', '=', DEMO_MACHINE_SERIAL)
        .select('id')
        .executeTakeFirstOrThrow()
      // As the machine API tells it when a status changes (the ingest itself is live.routes.test's).
      await ctx.t.app.live.emit([
        {
          name: 'machine.status',
          entities: ['VEND'],
          machineId: machine.id,
          data: { machine_id: machine.id },
        },
      ])
      const seen = await own.next((m) => m.event === 'machine.status')
      expect(JSON.parse(seen.data)).toEqual({ machine_id: machine.id })
      // One feed hands each event to every stream at once: what the others were sent, they have by now.
      await new Promise((resolve) => setTimeout(resolve, 300))
      for (const other of others) expect(other.messages).toEqual([])
    } finally {
      for (const c of [own, ...others]) c.close()
    }
  })
})
