import { ocpiAuthorization } from '@portal/contract'
import type { OcpiPartner, OcpiPartnerCreated } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { hashOcppPassword } from '../ocpp/ocpp-password'
import { testCharger } from '../ocpp/test-charger'

/*
 * Peering (issue 17): two server instances on loopback, each with its own database, as the CPO (SparkGrid, SG/SPK)
 * and the eMSP (RoamCharge, SG/RMC). The CPO's operator adds the eMSP and hands over token A and the versions URL;
 * the eMSP's operator registers with them; the tokens are exchanged, each side's log holds the requests, and the
 * eMSP's unregistering ends both tokens.
 */

describe.each(DIALECTS)('OCPI peering on %s', (dialect) => {
  let cpo: TestApp
  let emsp: TestApp
  let cpoUrl = ''
  let emspUrl = ''
  let cpoAdmin: string
  let emspAdmin: string

  beforeAll(async () => {
    const background = { jobs: { pollMs: 50 } }
    cpo = await createTestApp(dialect, {
      scale: 0.005,
      build: { ocpi: { publicUrl: () => cpoUrl, pullEveryMs: 0 }, background },
    })
    emsp = await createTestApp(dialect, {
      scale: 0.005,
      build: { ocpi: { publicUrl: () => emspUrl, pullEveryMs: 0 }, background },
    })
    cpoUrl = await cpo.app.listen({ port: 0, host: '127.0.0.1' })
    emspUrl = await emsp.app.listen({ port: 0, host: '127.0.0.1' })
    cpoAdmin = await loginAs(cpo.app, 'cpo')
    emspAdmin = await loginAs(emsp.app, 'emsp')
  })
  afterAll(async () => {
    await cpo.close()
    await emsp.close()
  })

  const ocpiGet = (app: TestApp, path: string, token: string) =>
    call<{ status_code: number; data?: unknown }>(app.app, 'GET', path, {
      headers: { authorization: ocpiAuthorization(token) },
    })

  it('registers, exchanges tokens both ways, logs every request, and unregisters', async () => {
    const created = await call<{ data: OcpiPartnerCreated }>(cpo.app, 'POST', '/api/main/ocpi/partners', {
      token: cpoAdmin,
      body: { name: 'RoamCharge', roles: [{ role: 'EMSP', country_code: 'sg', party_id: 'rmc' }] },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { token_a: tokenA, versions_url: versionsUrl, id: cpoSideId } = created.body.data
    expect(versionsUrl).toBe(`${cpoUrl}/ocpi/versions`)
    expect(created.body.data.status).toBe('pending')
    expect(created.body.data.roles).toEqual([
      { role: 'EMSP', country_code: 'SG', party_id: 'RMC', business_name: null },
    ])
    // Token A opens the versions, and nothing else before the handshake.
    expect((await ocpiGet(cpo, '/ocpi/versions', tokenA)).body.status_code).toBe(1000)
    const early = await ocpiGet(cpo, '/ocpi/2.2.1/credentials', tokenA)
    expect(early.status).toBe(403)
    expect(early.body.status_code).toBe(2000)

    const connected = await call<{ data: OcpiPartner }>(emsp.app, 'POST', '/api/main/ocpi/partners/connect', {
      token: emspAdmin,
      body: { name: 'SparkGrid', versions_url: versionsUrl, token: tokenA },
    })
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    const emspSide = connected.body.data
    expect(emspSide.status).toBe('connected')
    expect(emspSide.initiated_by).toBe('us')
    expect(emspSide.roles).toEqual([
      { role: 'CPO', country_code: 'SG', party_id: 'SPK', business_name: expect.any(String) as string },
    ])
    expect(emspSide.endpoints.map((e) => `${e.identifier}:${e.role}`)).toContain('locations:SENDER')

    const cpoSide = await call<{ data: OcpiPartner }>(
      cpo.app,
      'GET',
      `/api/main/ocpi/partners/${String(cpoSideId)}`,
      {
        token: cpoAdmin,
      },
    )
    expect(cpoSide.body.data.status).toBe('connected')
    expect(cpoSide.body.data.partner_versions_url).toBe(`${emspUrl}/ocpi/versions`)
    expect(cpoSide.body.data.roles[0]).toMatchObject({ role: 'EMSP', party_id: 'RMC' })
    expect(cpoSide.body.data.connected_at).not.toBeNull()

    // Token A is spent; token C (what the eMSP now holds) opens the CPO's credentials, and is answered back.
    expect((await ocpiGet(cpo, '/ocpi/versions', tokenA)).status).toBe(401)
    const held = await emsp.database.db
      .selectFrom('ocpi_partner')
      .where('id', '=', emspSide.id)
      .select('outgoing_token')
      .executeTakeFirstOrThrow()
    const tokenC = held.outgoing_token ?? ''
    expect(tokenC).not.toBe(tokenA)
    const credentials = await ocpiGet(cpo, '/ocpi/2.2.1/credentials', tokenC)
    expect(credentials.body).toMatchObject({
      status_code: 1000,
      data: {
        token: tokenC,
        url: versionsUrl,
        roles: [{ role: 'CPO', country_code: 'SG', party_id: 'SPK' }],
      },
    })
    // And the CPO calls the eMSP with the token B the eMSP issued.
    const cpoHolds = await cpo.database.db
      .selectFrom('ocpi_partner')
      .where('id', '=', cpoSideId)
      .select('outgoing_token')
      .executeTakeFirstOrThrow()
    expect((await ocpiGet(emsp, '/ocpi/2.2.1', cpoHolds.outgoing_token ?? '')).body.status_code).toBe(1000)

    // Both logs hold the handshake, tokens masked.
    const logOf = async (app: TestApp, token: string, id: number, body: object = {}) =>
      (
        await call<{
          data: {
            messages: {
              direction: string
              method: string
              url: string
              request_body: string | null
              response_body: string | null
            }[]
            count: number
          }
        }>(app.app, 'POST', `/api/main/ocpi/partners/${String(id)}/messages/filter`, { token, body })
      ).body.data
    // A request is logged once its answer is out: the CPO's log may lag the eMSP's answer a moment.
    const cpoLog = await until('the handshake in the CPO log', async () => {
      const log = await logOf(cpo, cpoAdmin, cpoSideId)
      return log.messages.some((m) => m.direction === 'in' && m.method === 'POST') ? log : undefined
    })
    expect(
      cpoLog.messages.map((m) => `${m.direction} ${m.method} ${new URL(m.url, 'http://x').pathname}`),
    ).toEqual(
      expect.arrayContaining([
        'in GET /ocpi/versions',
        'in POST /ocpi/2.2.1/credentials',
        'out GET /ocpi/versions',
        'out GET /ocpi/2.2.1',
      ]),
    )
    const emspLog = await logOf(emsp, emspAdmin, emspSide.id, { direction: 'out' })
    expect(emspLog.messages.every((m) => m.direction === 'out')).toBe(true)
    const post = emspLog.messages.find((m) => m.method === 'POST')
    expect(post?.request_body).toMatch(/"token":"…/)
    for (const m of [...cpoLog.messages, ...emspLog.messages]) {
      expect(m.request_body ?? '').not.toContain(tokenC)
      expect(m.response_body ?? '').not.toContain(tokenC)
    }

    // The eMSP pulls the CPO's locations: it holds each one, marked with the partner and the CPO's party.
    const cpoLocations = await cpo.database.db
      .selectFrom('ev_location')
      .where('entity_code', '=', 'CPO')
      .select(['id', 'uid', 'name'])
      .orderBy('id')
      .execute()
    const sync = await call<{ data: { queued: boolean } }>(
      emsp.app,
      'POST',
      `/api/main/ocpi/partners/${String(emspSide.id)}/sync`,
      { token: emspAdmin, body: { module: 'locations' } },
    )
    expect(sync.body.data.queued).toBe(true)
    const heldCopies = () =>
      emsp.database.db
        .selectFrom('ev_location')
        .where('ocpi_partner_id', '=', emspSide.id)
        .select(['id', 'external_id', 'entity_code', 'ocpi_party', 'name'])
        .execute()
    await until('the pull', async () =>
      (await heldCopies()).length === cpoLocations.length ? true : undefined,
    )
    expect((await heldCopies()).every((l) => l.entity_code === 'EMSP' && l.ocpi_party === 'SGSPK')).toBe(true)
    expect(new Set((await heldCopies()).map((l) => l.external_id))).toEqual(
      new Set(cpoLocations.map((l) => l.uid)),
    )
    const synced = await call<{ data: OcpiPartner }>(
      emsp.app,
      'GET',
      `/api/main/ocpi/partners/${String(emspSide.id)}`,
      {
        token: emspAdmin,
      },
    )
    expect(synced.body.data.sync.filter((x) => x.module === 'locations')).toEqual([
      expect.objectContaining({
        module: 'locations',
        last_pull_result: `ok: ${String(cpoLocations.length)} locations`,
      }),
    ])

    // And its tariffs, kept as its eMSP.
    const cpoTariffs = await cpo.database.db
      .selectFrom('ev_tariff')
      .where('entity_code', '=', 'CPO')
      .select('uid')
      .execute()
    const tariffSync = await call(emsp.app, 'POST', `/api/main/ocpi/partners/${String(emspSide.id)}/sync`, {
      token: emspAdmin,
      body: { module: 'tariffs' },
    })
    expect(tariffSync.status, JSON.stringify(tariffSync.body)).toBe(200)
    const heldTariffs = await until('the tariffs pull', async () => {
      const rows = await emsp.database.db
        .selectFrom('ev_tariff')
        .where('ocpi_partner_id', '=', emspSide.id)
        .select('external_id')
        .execute()
      return rows.length === cpoTariffs.length ? rows : undefined
    })
    expect(new Set(heldTariffs.map((r) => r.external_id))).toEqual(new Set(cpoTariffs.map((r) => r.uid)))

    // A charger of the CPO reports a fault over OCPP: its EVSE's status reaches the eMSP's copy by itself.
    const cp = await cpo.database.db
      .selectFrom('ev_charge_point')
      .where('ev_charge_point.entity_code', '=', 'CPO')
      .innerJoin('ev_location', 'ev_location.id', 'ev_charge_point.location_id')
      .select(['ev_charge_point.id', 'ev_charge_point.location_id', 'ev_location.uid as location_uid'])
      .orderBy('ev_charge_point.id')
      .executeTakeFirstOrThrow()
    await cpo.database.db
      .updateTable('ev_charge_point')
      .set({
        ocpp_identity: 'PEER-CP-1',
        ocpp_password_hash: hashOcppPassword('peer-pass-0001'),
        commissioned: 1,
      })
      .where('id', '=', cp.id)
      .execute()
    const charger = testCharger({
      port: Number(new URL(cpoUrl).port),
      identity: 'PEER-CP-1',
      password: 'peer-pass-0001',
    })
    await charger.connect()
    const next = 'OUTOFORDER'
    let evse: { uid: string; status: string }
    try {
      await charger.call('BootNotification', { chargePointVendor: 'Peer', chargePointModel: 'Test' })
      await charger.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'GroundFailure',
        status: 'Faulted',
      })
      evse = await cpo.database.db
        .selectFrom('ev_evse')
        .innerJoin('ev_connector', 'ev_connector.evse_ref', 'ev_evse.id')
        .where('ev_evse.charge_point_id', '=', cp.id)
        .where('ev_evse.status', '=', next)
        .select(['ev_evse.uid', 'ev_evse.status'])
        .executeTakeFirstOrThrow()
    } finally {
      await charger.close({ force: true })
    }
    await until('the push', async () => {
      const copy = await emsp.database.db
        .selectFrom('ev_evse')
        .innerJoin('ev_location', 'ev_location.id', 'ev_evse.location_id')
        .where('ev_location.ocpi_partner_id', '=', emspSide.id)
        .where('ev_evse.external_id', '=', evse.uid)
        .select('ev_evse.status')
        .executeTakeFirst()
      return copy?.status === next ? true : undefined
    })
    // A status change travels as a PATCH of its EVSE alone (the push is recorded once its batch is sent).
    await until('the push recorded', async () => {
      const pushed = await call<{ data: OcpiPartner }>(
        cpo.app,
        'GET',
        `/api/main/ocpi/partners/${String(cpoSideId)}`,
        { token: cpoAdmin },
      )
      const result = pushed.body.data.sync.find((x) => x.module === 'locations')?.last_push_result
      return result === `ok: EVSE ${evse.uid} ${next}` ? true : undefined
    })
    const patches = await cpo.database.db
      .selectFrom('ocpi_message')
      .where('partner_id', '=', cpoSideId)
      .where('method', '=', 'PATCH')
      .select('url')
      .execute()
    expect(patches.map((p) => p.url)).toContain(
      `${emspUrl}/ocpi/emsp/2.2.1/locations/SG/SPK/${cp.location_uid}/${evse.uid}`,
    )

    // A driver of the eMSP plugs in at the CPO's charger. The CPO does not know the token: it asks the eMSP in real
    // time, the session runs as a roaming one, is pushed to the eMSP as it goes, and its CDR follows when it ends.
    const emspEntity = (
      await emsp.database.db
        .selectFrom('ocpi_partner')
        .where('id', '=', emspSide.id)
        .select('entity_code')
        .executeTakeFirstOrThrow()
    ).entity_code
    const driver = await emsp.database.db
      .selectFrom('ev_driver')
      .where('entity_code', '=', emspEntity)
      .select(['id'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const now = Date.now()
    await emsp.database.db
      .insertInto('ev_token')
      .values({
        entity_code: emspEntity,
        uid: 'PEER-TOKEN-1',
        type: 'RFID',
        contract_id: 'SG-RMC-C0000001',
        visual_number: 'RMC 0000 0001',
        driver_id: driver.id,
        status: 'ALLOWED',
        created_at: now,
        updated_at: now,
      })
      .execute()
    const t0 = now - 40 * 60_000
    const iso = (ms: number) => new Date(ms).toISOString()
    const plugged = testCharger({
      port: Number(new URL(cpoUrl).port),
      identity: 'PEER-CP-1',
      password: 'peer-pass-0001',
    })
    await plugged.connect()
    let transactionId: number
    try {
      await plugged.call('BootNotification', { chargePointVendor: 'Peer', chargePointModel: 'Test' })
      await plugged.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' })
      expect(await plugged.call('Authorize', { idTag: 'PEER-TOKEN-1' })).toEqual({
        idTagInfo: { status: 'Accepted' },
      })
      const start = (await plugged.call('StartTransaction', {
        connectorId: 1,
        idTag: 'PEER-TOKEN-1',
        meterStart: 0,
        timestamp: iso(t0),
      })) as { transactionId: number; idTagInfo: { status: string } }
      expect(start.idTagInfo.status).toBe('Accepted')
      transactionId = start.transactionId
      await plugged.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [{ timestamp: iso(t0 + 15 * 60_000), sampledValue: [{ value: '6000', unit: 'Wh' }] }],
      })
      await plugged.call('StopTransaction', {
        transactionId,
        meterStop: 12_000,
        timestamp: iso(t0 + 30 * 60_000),
        idTag: 'PEER-TOKEN-1',
        reason: 'EVDisconnected',
      })
    } finally {
      await plugged.close({ force: true })
    }
    const ours = await cpo.database.db
      .selectFrom('ev_session')
      .where('id', '=', transactionId)
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(ours).toMatchObject({
      status: 'COMPLETED',
      ocpi_partner_id: cpoSideId,
      ocpi_party: 'SGRMC',
      ocpi_token_uid: 'PEER-TOKEN-1',
      ocpi_auth_method: 'AUTH_REQUEST',
      energy_wh: 12_000,
      user_name: 'RMC 0000 0001',
    })
    const theirs = await until('the session and its CDR at the eMSP', async () => {
      const row = await emsp.database.db
        .selectFrom('ev_session')
        .where('ocpi_key', '=', `${String(emspSide.id)}:SGSPK:${ours.uid}`)
        .selectAll()
        .executeTakeFirst()
      const cdr = await emsp.database.db
        .selectFrom('ocpi_cdr')
        .where('partner_id', '=', emspSide.id)
        .where('direction', '=', 'in')
        .where('cdr_id', '=', ours.uid)
        .selectAll()
        .executeTakeFirst()
      return row?.status === 'COMPLETED' && cdr !== undefined ? { row, cdr } : undefined
    })
    expect(theirs.row).toMatchObject({
      entity_code: emspEntity,
      emsp_entity_code: emspEntity,
      driver_id: driver.id,
      ocpi_partner_id: emspSide.id,
      ocpi_party: 'SGSPK',
      external_id: ours.uid,
      energy_wh: 12_000,
      total_incl_vat: ours.total_incl_vat,
      total_excl_vat: ours.total_excl_vat,
      start_date_time: Math.floor(t0 / 1000) * 1000,
      end_date_time: Math.floor((t0 + 30 * 60_000) / 1000) * 1000,
    })
    expect(theirs.cdr).toMatchObject({ session_id: theirs.row.id, total_incl_vat: ours.total_incl_vat })
    // Our pricing of the CDR by its tariff agrees with the CPO's to the cent: nothing to review.
    expect({ flagged: theirs.cdr.flagged, reason: theirs.cdr.flag_reason }).toEqual({
      flagged: 0,
      reason: null,
    })
    expect(theirs.cdr.our_total_excl_vat).toBe(ours.total_excl_vat)

    // The eMSP's operator starts a session for the driver with a command; the CPO carries it out over OCPP, the
    // charger starts, and the operator stops it with another command. The CDR arrives with the command's reference.
    const copy = await emsp.database.db
      .selectFrom('ev_location as l')
      .innerJoin('ev_evse as e', 'e.location_id', 'l.id')
      .where('l.ocpi_partner_id', '=', emspSide.id)
      .where('e.external_id', '=', evse.uid)
      .select(['l.external_id as location_id', 'e.external_id as evse_uid'])
      .executeTakeFirstOrThrow()
    const commanded = testCharger({
      port: Number(new URL(cpoUrl).port),
      identity: 'PEER-CP-1',
      password: 'peer-pass-0001',
    })
    const asked: string[] = []
    commanded.handle('RemoteStartTransaction', ({ params }) => {
      asked.push(`start ${(params as { idTag: string }).idTag}`)
      return Promise.resolve({ status: 'Accepted' })
    })
    commanded.handle('RemoteStopTransaction', ({ params }) => {
      asked.push(`stop ${String((params as { transactionId: number }).transactionId)}`)
      return Promise.resolve({ status: 'Accepted' })
    })
    await commanded.connect()
    let remote: typeof ours
    try {
      await commanded.call('BootNotification', { chargePointVendor: 'Peer', chargePointModel: 'Test' })
      const startCommand = await call<{
        data: { uid: string; response: string; authorization_reference: string }
      }>(emsp.app, 'POST', `/api/main/ocpi/partners/${String(emspSide.id)}/commands`, {
        token: emspAdmin,
        body: {
          command: 'START_SESSION',
          location_id: copy.location_id,
          evse_uid: copy.evse_uid,
          token_uid: 'PEER-TOKEN-1',
        },
      })
      expect(startCommand.status, JSON.stringify(startCommand.body)).toBe(200)
      expect(startCommand.body.data.response).toBe('ACCEPTED')
      await until('the charger asked to start', () =>
        Promise.resolve(asked.includes('start PEER-TOKEN-1') ? true : undefined),
      )
      const started = (await commanded.call('StartTransaction', {
        connectorId: 1,
        idTag: 'PEER-TOKEN-1',
        meterStart: 50_000,
        timestamp: iso(Date.now() - 20 * 60_000),
      })) as { transactionId: number; idTagInfo: { status: string } }
      expect(started.idTagInfo.status).toBe('Accepted')
      remote = await cpo.database.db
        .selectFrom('ev_session')
        .where('id', '=', started.transactionId)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(remote).toMatchObject({
        ocpi_partner_id: cpoSideId,
        ocpi_auth_method: 'COMMAND',
        authorization_reference: startCommand.body.data.authorization_reference,
      })
      // The session reached the eMSP while it runs: the operator stops it by its id there.
      await until('the running session at the eMSP', async () => {
        const row = await emsp.database.db
          .selectFrom('ev_session')
          .where('ocpi_key', '=', `${String(emspSide.id)}:SGSPK:${remote.uid}`)
          .select('status')
          .executeTakeFirst()
        return row?.status === 'ACTIVE' ? true : undefined
      })
      const stopCommand = await call<{ data: { response: string } }>(
        emsp.app,
        'POST',
        `/api/main/ocpi/partners/${String(emspSide.id)}/commands`,
        { token: emspAdmin, body: { command: 'STOP_SESSION', session_id: remote.uid } },
      )
      expect(stopCommand.status, JSON.stringify(stopCommand.body)).toBe(200)
      expect(stopCommand.body.data.response).toBe('ACCEPTED')
      await until('the charger asked to stop', () =>
        Promise.resolve(asked.includes(`stop ${String(started.transactionId)}`) ? true : undefined),
      )
      await commanded.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 58_000,
        timestamp: iso(Date.now()),
        reason: 'Remote',
      })
    } finally {
      await commanded.close({ force: true })
    }
    const remoteCdr = await until('the commanded session CDR at the eMSP', async () => {
      const row = await emsp.database.db
        .selectFrom('ocpi_cdr')
        .where('partner_id', '=', emspSide.id)
        .where('cdr_id', '=', remote.uid)
        .select(['body', 'flagged'])
        .executeTakeFirst()
      return row
    })
    expect(JSON.parse(remoteCdr.body)).toMatchObject({
      auth_method: 'COMMAND',
      authorization_reference: remote.authorization_reference,
      total_energy: 8,
      cdr_token: { uid: 'PEER-TOKEN-1', country_code: 'SG', party_id: 'RMC' },
    })
    expect(remoteCdr.flagged).toBe(0)
    // Both commands' results came back to the eMSP: the charger accepted them.
    const sent = await until('the command results', async () => {
      const list = await call<{ data: { commands: { command: string; result: string | null }[] } }>(
        emsp.app,
        'GET',
        `/api/main/ocpi/partners/${String(emspSide.id)}/commands`,
        { token: emspAdmin },
      )
      const results = list.body.data.commands.map((c) => `${c.command}:${c.result ?? '-'}`)
      return results.includes('START_SESSION:ACCEPTED') && results.includes('STOP_SESSION:ACCEPTED')
        ? results
        : undefined
    })
    expect(sent).toHaveLength(2)

    // The eMSP unregisters: the CPO is told, and neither token works any more.
    const removed = await call<{ data: { deleted: boolean; partner_told: boolean } }>(
      emsp.app,
      'DELETE',
      `/api/main/ocpi/partners/${String(emspSide.id)}`,
      { token: emspAdmin },
    )
    // Our drivers charged on its network: the partner is kept for that history, suspended.
    expect(removed.body.data).toEqual({ deleted: false, partner_told: true })
    expect((await ocpiGet(cpo, '/ocpi/versions', tokenC)).status).toBe(401)
    const after = await call<{ data: OcpiPartner }>(
      cpo.app,
      'GET',
      `/api/main/ocpi/partners/${String(cpoSideId)}`,
      {
        token: cpoAdmin,
      },
    )
    expect(after.body.data.status).toBe('suspended')
    // The eMSP forgot the partner's locations and tariffs, but for the one its drivers' sessions ran at.
    expect((await heldCopies()).map((l) => l.external_id)).toEqual([copy.location_id])
    const kept = await emsp.database.db
      .selectFrom('ev_session')
      .where('ocpi_partner_id', '=', emspSide.id)
      .select(['status', 'total_incl_vat'])
      .execute()
    expect(kept).toHaveLength(2)
    expect(kept.every((k) => k.status === 'COMPLETED')).toBe(true)
    const retired = await call<{ data: OcpiPartner }>(
      emsp.app,
      'GET',
      `/api/main/ocpi/partners/${String(emspSide.id)}`,
      { token: emspAdmin },
    )
    expect(retired.body.data).toMatchObject({ status: 'suspended', endpoints: [] })
    // Resuming needs tokens: the partner must register again.
    const resume = await call(cpo.app, 'PUT', `/api/main/ocpi/partners/${String(cpoSideId)}`, {
      token: cpoAdmin,
      body: { status: 'connected' },
    })
    expect(resume.status).toBe(400)
  })

  it('a connect to a partner that is not there fails naming the step, and keeps nothing', async () => {
    const before = await call<{ data: { count: number } }>(emsp.app, 'GET', '/api/main/ocpi/partners', {
      token: emspAdmin,
    })
    const failed = await call<{ error: { message: string } }>(
      emsp.app,
      'POST',
      '/api/main/ocpi/partners/connect',
      {
        token: emspAdmin,
        // The CPO instance, with a token it never issued.
        body: { name: 'Nobody', versions_url: `${cpoUrl}/ocpi/versions`, token: 'not-a-token-anyone-gave' },
      },
    )
    expect(failed.status).toBe(502)
    expect(failed.body.error.message).toMatch(/GET .*\/ocpi\/versions answered HTTP 401, OCPI 2000/)
    const after = await call<{ data: { count: number } }>(emsp.app, 'GET', '/api/main/ocpi/partners', {
      token: emspAdmin,
    })
    expect(after.body.data.count).toBe(before.body.data.count)
  })
})
