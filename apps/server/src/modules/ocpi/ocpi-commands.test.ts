import type { OcpiCommandView, OcpiPartner, OcpiPartnerCreated } from '@portal/contract'
import { ocpiAuthorization } from '@portal/contract'
import { readFileSync } from 'node:fs'
import type { RPCClient } from 'ocpp-rpc'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { OcpiStubPartner } from '../../test-support/ocpi-stub-partner'
import { TEST_BAY_CHARGERS } from '../../seed/ev-network'
import { DEMO_TOKENS } from '../../seed/ev-tokens'
import { hashOcppPassword } from '../ocpp/ocpp-password'
import { testCharger } from '../ocpp/test-charger'

/*
 * Commands (issue 17, decision 0113). As the CPO: a partner eMSP's START_SESSION, STOP_SESSION and UNLOCK_CONNECTOR
 * reach a test charger over OCPP, are answered at once, and the charger's outcome is posted to the partner's
 * response_url; what cannot be carried out is REJECTED or UNKNOWN_SESSION with the reason; bad bodies are 2001 naming
 * the field and store nothing. As the eMSP: the operator's command goes to a stub CPO with our token and our
 * response_url, its CommandResponse is kept, and the result it posts back is stored.
 */

const PASSWORD = 'Correct-Horse-Battery-1'
const [CP16, , CP_NEVER] = TEST_BAY_CHARGERS

interface Envelope {
  data?: unknown
  status_code: number
  status_message?: string
}
interface Received {
  action: string
  params: Record<string, unknown>
}

const ok = (data?: unknown) => ({
  status: 200,
  body: {
    ...(data === undefined ? {} : { data }),
    status_code: 1000,
    timestamp: new Date().toISOString(),
  },
})

describe.each(DIALECTS)('OCPI commands on %s', (dialect) => {
  let t: TestApp
  let port: number
  let stub: OcpiStubPartner
  let cpoAdmin: string
  let emspAdmin: string
  const open: RPCClient[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      config: { ocppCallTimeoutMs: 2_000 },
      build: { background: { jobs: { pollMs: 50 } }, ocpi: { pullEveryMs: 0 } },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    await t.app.db
      .updateTable('ev_charge_point')
      .set({ ocpp_password_hash: hashOcppPassword(PASSWORD) })
      .where('ocpp_identity', 'in', [...TEST_BAY_CHARGERS])
      .execute()
    stub = await OcpiStubPartner.start()
    cpoAdmin = await loginAs(t.app, 'cpo')
    emspAdmin = await loginAs(t.app, 'emsp')
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close({ force: true })))
  })
  afterAll(async () => {
    await t.close()
    await stub.close()
  })

  /** A charger that answers every call with `answer` and remembers what it was sent. */
  const charger = async (identity: string, answer: (r: Received) => Record<string, unknown>) => {
    const client = testCharger({ port, identity, protocols: ['ocpp1.6'], password: PASSWORD })
    const received: Received[] = []
    client.handle(({ method, params }) => {
      const r = { action: method ?? '', params: params as Record<string, unknown> }
      received.push(r)
      return Promise.resolve(answer(r))
    })
    open.push(client)
    await client.connect()
    return { client, received }
  }

  /** Our location, EVSE and connector behind a test charger, as our Locations sender names them. */
  const placeOf = async (identity: string) =>
    t.app.db
      .selectFrom('ev_charge_point as cp')
      .innerJoin('ev_location as l', 'l.id', 'cp.location_id')
      .innerJoin('ev_evse as e', 'e.charge_point_id', 'cp.id')
      .innerJoin('ev_connector as c', 'c.evse_ref', 'e.id')
      .where('cp.ocpp_identity', '=', identity)
      .select([
        'cp.id',
        'cp.uid as charger_uid',
        'l.uid as location_id',
        'e.uid as evse_uid',
        'c.id as connector_ref',
        'c.connector_id',
      ])
      .executeTakeFirstOrThrow()

  const rowCount = async (table: 'ocpi_command' | 'ocpi_token') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  describe('as the CPO', () => {
    let token: string
    let partnerId: number
    const partnerName = 'Stub eMSP'
    const ocpiToken = {
      country_code: 'SG',
      party_id: 'EMS',
      uid: 'EMS-TOKEN-0001',
      type: 'RFID',
      contract_id: 'SG-EMS-C00000001',
      issuer: 'Stub eMSP',
      valid: true,
      whitelist: 'ALLOWED',
      last_updated: '2026-11-20T10:00:00Z',
    }
    let results = 0
    /** A response_url on the stub that answers 1000, and the stub's record of what reached it. */
    const resultUrl = () => {
      const path = `/results/${String(++results)}`
      stub.answers.set(path, ok())
      return {
        url: `${stub.base}${path}`,
        posted: () =>
          until(`the result at ${path}`, () =>
            Promise.resolve(stub.received.find((r) => r.url === path && r.method === 'POST')),
          ),
      }
    }
    const command = (name: string, body: unknown, as = token) =>
      call<Envelope>(t.app, 'POST', `/ocpi/cpo/2.2.1/commands/${name}`, {
        headers: { authorization: ocpiAuthorization(as) },
        body: body as object,
      })

    beforeAll(async () => {
      const made = await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
        token: cpoAdmin,
        body: { name: partnerName, roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'EMS' }] },
      })
      partnerId = made.body.data.id
      const registered = await call<{ data: { token: string } }>(t.app, 'POST', '/ocpi/2.2.1/credentials', {
        headers: { authorization: ocpiAuthorization(made.body.data.token_a) },
        body: {
          token: 'stub-b',
          url: stub.versionsUrl,
          roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'EMS', business_details: { name: 'Stub' } }],
        },
      })
      expect(registered.status, JSON.stringify(registered.body)).toBe(200)
      token = registered.body.data.token
    })

    it('lists the Commands receiver in our version details', async () => {
      const details = await call<{ data: { endpoints: unknown[] } }>(t.app, 'GET', '/ocpi/2.2.1', {
        headers: { authorization: ocpiAuthorization(token) },
      })
      expect(details.body.data.endpoints).toContainEqual({
        identifier: 'commands',
        role: 'RECEIVER',
        url: 'http://portal.test/ocpi/cpo/2.2.1/commands',
      })
    })

    it('START_SESSION: accepted at once, the charger gets RemoteStartTransaction with the token, the result reaches response_url', async () => {
      const cp = await charger(CP16, () => ({ status: 'Accepted' }))
      const place = await placeOf(CP16)
      const result = resultUrl()
      const r = await command('START_SESSION', {
        response_url: result.url,
        token: ocpiToken,
        location_id: place.location_id,
        evse_uid: place.evse_uid,
        connector_id: place.connector_id,
        authorization_reference: 'EMS-AUTH-1',
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED', timeout: 30 } })

      await until('the remote start', () => Promise.resolve(cp.received[0]))
      expect(cp.received).toEqual([
        { action: 'RemoteStartTransaction', params: { connectorId: 1, idTag: ocpiToken.uid } },
      ])
      const posted = await result.posted()
      expect(JSON.parse(posted.body)).toEqual({ result: 'ACCEPTED' })
      expect(posted.authorization).toBe(ocpiAuthorization('stub-b'))

      // The partner's token is held, so the charger's authorization finds it.
      const held = await t.app.db
        .selectFrom('ocpi_token')
        .where('partner_id', '=', partnerId)
        .where('uid', '=', ocpiToken.uid)
        .select(['country_code', 'party_id', 'type', 'valid'])
        .executeTakeFirst()
      expect(held).toEqual({ country_code: 'SG', party_id: 'EMS', type: 'RFID', valid: 1 })
      const row = await t.app.db
        .selectFrom('ocpi_command')
        .where('partner_id', '=', partnerId)
        .where('command', '=', 'START_SESSION')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({
        direction: 'in',
        token_uid: ocpiToken.uid,
        charge_point_id: place.id,
        authorization_reference: 'EMS-AUTH-1',
        response_url: result.url,
        requested_by: partnerName,
        response: 'ACCEPTED',
        result: 'ACCEPTED',
      })
      expect(row.ocpp_command_id).not.toBeNull()
      // The charger's command history and its audit say the partner asked.
      const ocpp = await t.app.db
        .selectFrom('ocpp_command')
        .where('id', '=', row.ocpp_command_id ?? 0)
        .select(['requested_by', 'status'])
        .executeTakeFirstOrThrow()
      expect(ocpp).toEqual({ requested_by: `${partnerName} (OCPI partner)`, status: 'Accepted' })
      const audit = await t.app.db
        .selectFrom('audit_log')
        .where('object_type', '=', 'ev_charge_point')
        .where('object_id', '=', place.charger_uid)
        .where('action', '=', 'ocpp_command')
        .select(['actor_user_id', 'after'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(audit.actor_user_id).toBeNull()
      expect(audit.after).toContain(`"requested_by":"${partnerName} (OCPI partner)"`)
      // And the partner's message log holds the command in and the result out.
      const log = await t.app.db
        .selectFrom('ocpi_message')
        .where('partner_id', '=', partnerId)
        .where('module', '=', 'commands')
        .select(['direction', 'method', 'url'])
        .execute()
      expect(log).toEqual(
        expect.arrayContaining([
          { direction: 'in', method: 'POST', url: '/ocpi/cpo/2.2.1/commands/START_SESSION' },
          { direction: 'out', method: 'POST', url: result.url },
        ]),
      )
    })

    it('START_SESSION the charger refuses on an occupied connector: EVSE_OCCUPIED', async () => {
      await charger(CP16, () => ({ status: 'Rejected' }))
      const place = await placeOf(CP16)
      await t.app.db
        .updateTable('ev_connector')
        .set({ status: 'CHARGING' })
        .where('id', '=', place.connector_ref)
        .execute()
      const result = resultUrl()
      const r = await command('START_SESSION', {
        response_url: result.url,
        token: ocpiToken,
        location_id: place.location_id,
        evse_uid: place.evse_uid,
      })
      expect(r.body.data).toMatchObject({ result: 'ACCEPTED' })
      expect(JSON.parse((await result.posted()).body)).toEqual({
        result: 'EVSE_OCCUPIED',
        message: [{ language: 'en', text: 'The charger answered Rejected' }],
      })
    })

    it('START_SESSION it cannot carry out: REJECTED with the reason, nothing sent', async () => {
      const cp = await charger(CP16, () => ({ status: 'Accepted' }))
      const place = await placeOf(CP16)
      const never = await placeOf(CP_NEVER)
      const base = { response_url: `${stub.base}/results/never`, token: ocpiToken }
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ location_id: 'NO-SUCH-LOCATION' }, /^Unknown location NO-SUCH-LOCATION$/],
        [{ location_id: place.location_id, evse_uid: 'NO-SUCH-EVSE' }, /^Unknown EVSE NO-SUCH-EVSE/],
        [
          { location_id: place.location_id, evse_uid: place.evse_uid, connector_id: '9' },
          /^Unknown connector 9/,
        ],
        [{ location_id: never.location_id, evse_uid: never.evse_uid }, /has never connected/],
        [
          { location_id: place.location_id, evse_uid: place.evse_uid, token: { ...ocpiToken, valid: false } },
          /^The token is not valid$/,
        ],
        [
          {
            location_id: place.location_id,
            evse_uid: place.evse_uid,
            token: { ...ocpiToken, uid: 'A-TOKEN-UID-OF-30-CHARACTERS-X' },
          },
          /OCPP 1\.6/,
        ],
      ]
      for (const [body, why] of cases) {
        const r = await command('START_SESSION', { ...base, ...body })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body.data, JSON.stringify(body)).toMatchObject({ result: 'REJECTED', timeout: 0 })
        const message = (r.body.data as { message: { text: string }[] }).message[0]?.text
        expect(message).toMatch(why)
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(cp.received).toEqual([])
    })

    it('STOP_SESSION: another partner’s or an unknown session is UNKNOWN_SESSION; this partner’s is stopped', async () => {
      const cp = await charger(CP16, () => ({ status: 'Accepted' }))
      const start = (await cp.client.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number }
      const session = await t.app.db
        .selectFrom('ev_session')
        .where('id', '=', start.transactionId)
        .select('uid')
        .executeTakeFirstOrThrow()
      for (const id of ['NO-SUCH-SESSION', session.uid]) {
        const r = await command('STOP_SESSION', { response_url: `${stub.base}/results/x`, session_id: id })
        expect(r.body, id).toMatchObject({ status_code: 1000, data: { result: 'UNKNOWN_SESSION' } })
      }
      await t.app.db
        .updateTable('ev_session')
        .set({ ocpi_partner_id: partnerId })
        .where('id', '=', start.transactionId)
        .execute()
      const result = resultUrl()
      const r = await command('STOP_SESSION', { response_url: result.url, session_id: session.uid })
      expect(r.body.data).toMatchObject({ result: 'ACCEPTED', timeout: 30 })
      expect(JSON.parse((await result.posted()).body)).toEqual({ result: 'ACCEPTED' })
      expect(cp.received).toEqual([
        { action: 'RemoteStopTransaction', params: { transactionId: start.transactionId } },
      ])
      await cp.client.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 10,
        timestamp: new Date().toISOString(),
      })
    })

    it('UNLOCK_CONNECTOR: the charger unlocks, ACCEPTED is posted; a charger that cannot unlock FAILED', async () => {
      let answer = 'Unlocked'
      const cp = await charger(CP16, () => ({ status: answer }))
      const place = await placeOf(CP16)
      const body = {
        location_id: place.location_id,
        evse_uid: place.evse_uid,
        connector_id: place.connector_id,
      }
      const unlocked = resultUrl()
      const r = await command('UNLOCK_CONNECTOR', { ...body, response_url: unlocked.url })
      expect(r.body.data).toMatchObject({ result: 'ACCEPTED' })
      expect(JSON.parse((await unlocked.posted()).body)).toEqual({ result: 'ACCEPTED' })
      expect(cp.received).toEqual([{ action: 'UnlockConnector', params: { connectorId: 1 } }])

      answer = 'UnlockFailed'
      const failed = resultUrl()
      await command('UNLOCK_CONNECTOR', { ...body, response_url: failed.url })
      expect(JSON.parse((await failed.posted()).body)).toMatchObject({ result: 'FAILED' })
    })

    it('a charger that is not connected: the command is accepted at once and its result is FAILED', async () => {
      const place = await placeOf(CP16)
      const result = resultUrl()
      const asked = Date.now()
      const r = await command('UNLOCK_CONNECTOR', {
        location_id: place.location_id,
        evse_uid: place.evse_uid,
        connector_id: place.connector_id,
        response_url: result.url,
      })
      // The answer does not wait the 2 s in which an instance holding the charger would have said so.
      expect(Date.now() - asked).toBeLessThan(1_500)
      expect(r.body.data).toMatchObject({ result: 'ACCEPTED' })
      expect(JSON.parse((await result.posted()).body)).toEqual({
        result: 'FAILED',
        message: [{ language: 'en', text: 'The charger is not connected' }],
      })
    })

    it('a partner that is down when the result is posted gets it when it is back', async () => {
      await charger(CP16, () => ({ status: 'Unlocked' }))
      const place = await placeOf(CP16)
      const result = resultUrl()
      const path = new URL(result.url).pathname
      stub.answers.set(path, { status: 503, raw: 'down' })
      await command('UNLOCK_CONNECTOR', {
        location_id: place.location_id,
        evse_uid: place.evse_uid,
        connector_id: place.connector_id,
        response_url: result.url,
      })
      await result.posted()
      stub.answers.set(path, ok())
      const posts = () => stub.received.filter((r) => r.url === path)
      await until('the retried result', () => Promise.resolve(posts()[1]))
      expect(posts().map((p) => JSON.parse(p.body) as unknown)).toEqual([
        { result: 'ACCEPTED' },
        { result: 'ACCEPTED' },
      ])
      const log = await t.app.db
        .selectFrom('ocpi_message')
        .where('partner_id', '=', partnerId)
        .where('url', '=', result.url)
        .select('http_status')
        .orderBy('id')
        .execute()
      expect(log.map((l) => l.http_status)).toEqual([503, 200])
    })

    it('reservations are NOT_SUPPORTED; an unknown command is 2001', async () => {
      const reserve = await command('RESERVE_NOW', { anything: true })
      expect(reserve.status).toBe(200)
      expect(reserve.body).toMatchObject({
        status_code: 1000,
        data: { result: 'NOT_SUPPORTED', timeout: 0 },
      })
      const cancel = await command('CANCEL_RESERVATION', {})
      expect(cancel.body.data).toEqual({ result: 'NOT_SUPPORTED', timeout: 0 })
      const unknown = await command('LAUNCH_ROCKET', {})
      expect(unknown.status).toBe(400)
      expect(unknown.body).toMatchObject({ status_code: 2001 })
      expect(unknown.body.status_message).toMatch(/^command: /)
    })

    it('bad bodies are 2001 naming the field, another party’s token is refused, and nothing is stored', async () => {
      const place = await placeOf(CP16)
      const [commands, tokens] = [await rowCount('ocpi_command'), await rowCount('ocpi_token')]
      const start = {
        response_url: `${stub.base}/results/bad`,
        token: { ...ocpiToken, uid: 'EMS-TOKEN-BAD' },
        location_id: place.location_id,
      }
      const cases: [string, unknown, number, RegExp][] = [
        ['START_SESSION', { ...start, token: undefined }, 2001, /^token: /],
        ['START_SESSION', { ...start, token: { ...start.token, valid: 'yes' } }, 2001, /^token\.valid: /],
        ['START_SESSION', { ...start, location_id: 'L'.repeat(37) }, 2001, /^location_id: /],
        ['START_SESSION', { ...start, connector_id: '1' }, 2001, /^evse_uid: /],
        ['START_SESSION', { ...start, response_url: 'not a url' }, 2001, /^response_url: /],
        ['START_SESSION', [], 2001, /^body: /],
        ['STOP_SESSION', { session_id: 'S1' }, 2001, /^response_url: /],
        ['UNLOCK_CONNECTOR', { ...start, evse_uid: place.evse_uid }, 2001, /^connector_id: /],
        [
          'START_SESSION',
          { ...start, token: { ...start.token, party_id: 'XYZ' } },
          2000,
          /SG\/XYZ is not one of your eMSP parties/,
        ],
      ]
      for (const [name, body, code, message] of cases) {
        const r = await command(name, body)
        expect(r.body.status_code, `${name} ${JSON.stringify(body)} ${JSON.stringify(r.body)}`).toBe(code)
        expect(r.body.status_message).toMatch(message)
        expect(r.status).toBeGreaterThanOrEqual(400)
        expect(r.status).toBeLessThan(500)
      }
      expect([await rowCount('ocpi_command'), await rowCount('ocpi_token')]).toEqual([commands, tokens])
    })
  })

  describe('as the eMSP', () => {
    let partner: OcpiPartner
    /** The token the stub calls us with: our token B, from the credentials we POSTed it. */
    let stubToken: string
    const commandsOf = (id: number) => `/api/main/ocpi/partners/${String(id)}/commands`
    const send = (body: unknown, id = partner.id, as = emspAdmin) =>
      call<{ data: OcpiCommandView; error?: { message: string } }>(t.app, 'POST', commandsOf(id), {
        token: as,
        body,
      })
    const location = (): Record<string, unknown> => ({
      ...(JSON.parse(
        readFileSync(
          new URL(
            '../../../../../packages/contract/src/ocpi/examples/location_example.json',
            import.meta.url,
          ),
          'utf8',
        ),
      ) as Record<string, unknown>),
      country_code: 'SG',
      party_id: 'STB',
    })

    beforeAll(async () => {
      const connected = await call<{ data: OcpiPartner }>(t.app, 'POST', '/api/main/ocpi/partners/connect', {
        token: emspAdmin,
        body: { name: 'Stub CPO', versions_url: stub.versionsUrl, token: 'stub-token-a' },
      })
      expect(connected.status, JSON.stringify(connected.body)).toBe(200)
      partner = connected.body.data
      const credentials = stub.received.filter((r) => r.url === '/2.2.1/credentials' && r.method === 'POST')
      stubToken = (JSON.parse(credentials.at(-1)?.body ?? '{}') as { token: string }).token
      const put = await call<Envelope>(t.app, 'PUT', '/ocpi/emsp/2.2.1/locations/SG/STB/LOC1', {
        headers: { authorization: ocpiAuthorization(stubToken) },
        body: location(),
      })
      expect(put.body.status_code, JSON.stringify(put.body)).toBe(1000)
    })

    it('lists our Commands sender in our version details', async () => {
      const details = await call<{ data: { endpoints: unknown[] } }>(t.app, 'GET', '/ocpi/2.2.1', {
        headers: { authorization: ocpiAuthorization(stubToken) },
      })
      expect(details.body.data.endpoints).toContainEqual({
        identifier: 'commands',
        role: 'SENDER',
        url: 'http://portal.test/ocpi/emsp/2.2.1/commands',
      })
    })

    it('START_SESSION goes to the partner with our token and response_url; its response and its posted result are kept', async () => {
      const r = await send({
        command: 'START_SESSION',
        location_id: 'LOC1',
        evse_uid: '3256',
        connector_id: '1',
        token_uid: DEMO_TOKENS.valid,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const sent = r.body.data
      expect(sent).toMatchObject({
        command: 'START_SESSION',
        direction: 'out',
        response: 'ACCEPTED',
        result: null,
        token_uid: DEMO_TOKENS.valid,
        requested_by: expect.any(String) as string,
      })
      expect(sent.requested_by).not.toBe('')
      expect(sent.authorization_reference).toMatch(/^[0-9a-f-]{36}$/)

      const posted = stub.received.filter((x) => x.url === '/2.2.1/commands/START_SESSION').at(-1)
      expect(posted?.method).toBe('POST')
      expect(posted?.authorization).toBe(ocpiAuthorization('stub-token-c'))
      const body = JSON.parse(posted?.body ?? '{}') as Record<string, unknown>
      expect(body).toMatchObject({
        response_url: `http://portal.test/ocpi/emsp/2.2.1/commands/START_SESSION/${sent.uid}`,
        location_id: 'LOC1',
        evse_uid: '3256',
        connector_id: '1',
        authorization_reference: sent.authorization_reference,
        token: {
          country_code: 'SG',
          party_id: 'RMC',
          uid: DEMO_TOKENS.valid,
          type: 'RFID',
          valid: true,
          whitelist: 'ALLOWED',
        },
      })
      expect(JSON.parse(sent.request)).toEqual(body)

      // The partner posts the result to the URL we gave.
      const result = (uid: string, resultBody: unknown, as = stubToken, name = 'START_SESSION') =>
        call<Envelope>(t.app, 'POST', `/ocpi/emsp/2.2.1/commands/${name}/${uid}`, {
          headers: { authorization: ocpiAuthorization(as) },
          body: resultBody as object,
        })
      const bad = await result(sent.uid, { result: 'MAYBE' })
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({ status_code: 2001 })
      expect(bad.body.status_message).toMatch(/^result: /)
      const unknown = await result('no-such-command', { result: 'ACCEPTED' })
      expect(unknown.status).toBe(404)
      expect(unknown.body.status_code).toBe(2000)
      const otherCommand = await result(sent.uid, { result: 'ACCEPTED' }, stubToken, 'STOP_SESSION')
      expect(otherCommand.status).toBe(404)
      const good = await result(sent.uid, {
        result: 'EVSE_OCCUPIED',
        message: [{ language: 'en', text: 'Someone is charging there' }],
      })
      expect(good.body).toMatchObject({ status_code: 1000 })

      const list = await call<{ data: { commands: OcpiCommandView[] } }>(
        t.app,
        'GET',
        commandsOf(partner.id),
        {
          token: emspAdmin,
        },
      )
      expect(list.status).toBe(200)
      expect(list.body.data.commands[0]).toMatchObject({
        uid: sent.uid,
        response: 'ACCEPTED',
        result: 'EVSE_OCCUPIED',
        message: 'Someone is charging there',
      })
    })

    it('STOP_SESSION and UNLOCK_CONNECTOR go as OCPI words them', async () => {
      const stop = await send({ command: 'STOP_SESSION', session_id: 'STB-SESSION-1' })
      expect(stop.status, JSON.stringify(stop.body)).toBe(200)
      expect(
        JSON.parse(stub.received.filter((x) => x.url === '/2.2.1/commands/STOP_SESSION').at(-1)?.body ?? ''),
      ).toEqual({
        response_url: `http://portal.test/ocpi/emsp/2.2.1/commands/STOP_SESSION/${stop.body.data.uid}`,
        session_id: 'STB-SESSION-1',
      })
      const unlock = await send({
        command: 'UNLOCK_CONNECTOR',
        location_id: 'LOC1',
        evse_uid: '3257',
        connector_id: '1',
      })
      expect(unlock.status, JSON.stringify(unlock.body)).toBe(200)
      expect(unlock.body.data).toMatchObject({ command: 'UNLOCK_CONNECTOR', response: 'ACCEPTED' })
    })

    it('refuses what does not exist with a 400 naming the field, and sends nothing', async () => {
      const before = stub.received.length
      const cases: [Record<string, unknown>, string][] = [
        [{ command: 'START_SESSION', location_id: 'LOC1', token_uid: 'NO-SUCH-TOKEN' }, 'token_uid'],
        [{ command: 'START_SESSION', location_id: 'LOC404', token_uid: DEMO_TOKENS.valid }, 'location_id'],
        [
          { command: 'START_SESSION', location_id: 'LOC1', evse_uid: 'E404', token_uid: DEMO_TOKENS.valid },
          'evse_uid',
        ],
        [
          { command: 'START_SESSION', location_id: 'LOC1', connector_id: '1', token_uid: DEMO_TOKENS.valid },
          'evse_uid',
        ],
        [
          { command: 'UNLOCK_CONNECTOR', location_id: 'LOC1', evse_uid: '3256', connector_id: '7' },
          'connector_id',
        ],
        [{ command: 'UNLOCK_CONNECTOR', location_id: 'LOC1', evse_uid: '3256' }, 'connector_id'],
        [{ command: 'RESERVE_NOW' }, 'command'],
        [{ command: 'STOP_SESSION', session_id: 'S'.repeat(37) }, 'session_id'],
      ]
      for (const [body, field] of cases) {
        const r = await send(body)
        expect(r.status, JSON.stringify(body)).toBe(400)
        expect(r.body.error?.message).toContain(field)
      }
      expect(stub.received.length).toBe(before)
    })

    it("another entity's partner is 404; a partner not connected, or taking no commands, is 409", async () => {
      const stop = { command: 'STOP_SESSION', session_id: 'S1' }
      expect((await send(stop, partner.id, cpoAdmin)).status).toBe(404)
      expect((await send(stop, 999_999)).status).toBe(404)
      const list = await call(t.app, 'GET', commandsOf(partner.id), { token: cpoAdmin })
      expect(list.status).toBe(404)

      const pending = await call<{ data: OcpiPartnerCreated }>(t.app, 'POST', '/api/main/ocpi/partners', {
        token: emspAdmin,
        body: { name: 'Pending CPO', roles: [{ role: 'CPO', country_code: 'SG', party_id: 'PND' }] },
      })
      const notConnected = await send(stop, pending.body.data.id)
      expect(notConnected.status).toBe(409)
      expect(notConnected.body.error?.message).toMatch(/not connected/)

      const bare = await OcpiStubPartner.start()
      try {
        bare.answers.set('/2.2.1', {
          status: 200,
          body: {
            data: {
              version: '2.2.1',
              endpoints: [
                { identifier: 'credentials', role: 'RECEIVER', url: `${bare.base}/2.2.1/credentials` },
              ],
            },
            status_code: 1000,
            timestamp: new Date().toISOString(),
          },
        })
        const connected = await call<{ data: OcpiPartner }>(
          t.app,
          'POST',
          '/api/main/ocpi/partners/connect',
          {
            token: emspAdmin,
            body: { name: 'Bare CPO', versions_url: bare.versionsUrl, token: 'stub-token-a' },
          },
        )
        expect(connected.status, JSON.stringify(connected.body)).toBe(200)
        const noCommands = await send(stop, connected.body.data.id)
        expect(noCommands.status).toBe(409)
        expect(noCommands.body.error?.message).toMatch(/no Commands receiver/)
      } finally {
        await bare.close()
      }
    })

    it('a partner that fails: 502 with the reason, the command kept without a response', async () => {
      stub.answers.set('/2.2.1/commands/STOP_SESSION', { status: 503, raw: 'down for maintenance' })
      try {
        const r = await send({ command: 'STOP_SESSION', session_id: 'STB-SESSION-2' })
        expect(r.status).toBe(502)
        expect(r.body.error?.message).toMatch(/^The partner could not be reached: .*HTTP 503/)
      } finally {
        stub.answers.delete('/2.2.1/commands/STOP_SESSION')
      }
      const list = await call<{ data: { commands: OcpiCommandView[] } }>(
        t.app,
        'GET',
        commandsOf(partner.id),
        {
          token: emspAdmin,
        },
      )
      expect(list.body.data.commands[0]).toMatchObject({
        command: 'STOP_SESSION',
        response: null,
        message: expect.stringMatching(/^Not delivered: /) as string,
      })
    })
  })
})
