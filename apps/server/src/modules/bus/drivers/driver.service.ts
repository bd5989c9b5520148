import type {
  Driver,
  DriverDashboardFilter,
  DriverDetail,
  DriverDetailData,
  DriverImportReport,
  DriverImportRow,
  LimoDriverFilter,
  LimoDriverListData,
  NewDriver,
} from '@portal/contract'
import {
  DRIVER_RECENT_SESSIONS,
  DriverImportStatus,
  LIMO_DRIVER_LIST_MAX,
  minorUnitDigits,
  normalizeMobile,
  normalizePlate,
  readDriverCsv,
  typedMobile,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/database'
import { fieldError, HttpError, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import type { NewEvDriverRow } from '../../charging/ev.table'
import { auditChange } from '../../iam/audit/audit.service'
import type { DriverFilter, DriverRow } from './driver.repository'
import {
  findCpoEntityCodes,
  findDriver,
  findDriverPage,
  findDrivers,
  findDriverSessions,
  findExistingMobiles,
  insertDrivers,
  summarizeDriverSessions,
} from './driver.repository'

/** A driver row as the API shows it (B §3), never the row itself. */
export function toDriver(row: DriverRow): Driver {
  return {
    id: row.uuid,
    name: row.name,
    mobileNumber: row.mobile_number,
    email: row.email,
    nationality: row.nationality,
    createdAt: row.created_at,
    isRegistered: row.is_registered === 1,
    subscribedCpoEntities: parseJson<string[]>(row.subscribed_cpo_entities, []),
  }
}

function toDetail(row: DriverRow): DriverDetail {
  return { ...toDriver(row), licensePlate: row.license_plate, updatedAt: row.updated_at }
}

function filterOf(q: LimoDriverFilter): DriverFilter {
  return {
    mobileNumber: q.mobileNumber,
    name: q.name,
    email: q.email,
    nationality: q.nationality,
    isRegistered: q.isRegistered === undefined ? undefined : q.isRegistered === 'true',
  }
}

/** GET /v2/dashboard/drivers: one page, filtered and sorted by the server. */
export async function listDashboardDrivers(
  db: Db,
  caller: Caller,
  q: DriverDashboardFilter,
): Promise<Driver[]> {
  const subscribed = [
    ...new Set([...(q['subscribedCpoEntities[]'] ?? []), ...(q.subscribedCpoEntities ?? [])]),
  ]
  const rows = await findDriverPage(
    db,
    caller.auth.entityCode,
    {
      ...filterOf(q),
      subscribedCpoEntities: subscribed,
      createdAtFrom: q.createdAtFrom,
      createdAtTo: q.createdAtTo,
    },
    // Newest first by default; names A to Z unless asked otherwise.
    { by: q.sortBy, order: q.sortOrder ?? (q.sortBy === 'name' ? 'asc' : 'desc') },
    { limit: q.limit, offset: q.offset },
  )
  return rows.map(toDriver)
}

/** GET /v2/eleccalimo/drivers: every matching driver (newest first), up to LIMO_DRIVER_LIST_MAX. */
export async function listLimoDrivers(
  db: Db,
  caller: Caller,
  q: LimoDriverFilter,
): Promise<LimoDriverListData> {
  const rows = await findDrivers(db, caller.auth.entityCode, filterOf(q), LIMO_DRIVER_LIST_MAX + 1)
  return {
    drivers: rows.slice(0, LIMO_DRIVER_LIST_MAX).map(toDriver),
    truncated: rows.length > LIMO_DRIVER_LIST_MAX,
  }
}

const units = (minor: number, currency: string) => {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}

/** One driver of the caller's entity, with their totals and newest sessions; another entity's driver is a 404. */
export async function getDriver(db: Db, caller: Caller, driverId: string): Promise<DriverDetailData> {
  const entityCode = caller.auth.entityCode
  const row = await findDriver(db, entityCode, driverId)
  if (!row) throw notFound('Driver')
  const [sessions, totals] = await Promise.all([
    findDriverSessions(db, entityCode, row.id, DRIVER_RECENT_SESSIONS),
    summarizeDriverSessions(db, entityCode, row.id),
  ])
  const lastStarts = totals.map((t) => t.lastStart)
  return {
    driver: toDetail(row),
    summary: {
      sessions: totals.reduce((s, t) => s + t.sessions, 0),
      kWh: Math.round(totals.reduce((s, t) => s + t.energyWh, 0)) / 1000,
      spend: totals.map((t) => ({ currency: t.currency, amount: units(t.total, t.currency) })),
      lastSessionAt: lastStarts.length > 0 ? Math.max(...lastStarts) : null,
    },
    sessions: sessions.map((s) => ({
      uid: s.uid,
      status: s.status,
      locationName: s.location_name,
      evseId: s.evse_id,
      licensePlate: s.license_plate,
      kWh: Math.round(s.energy_wh) / 1000,
      totalCost: units(s.total_incl_vat, s.currency),
      currency: s.currency,
      startDateTime: s.start_date_time,
      endDateTime: s.end_date_time,
    })),
  }
}

function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

const DUPLICATE_MESSAGE = (name: string) => `a driver with this mobile number already exists (${name})`

interface Candidate {
  driver: NewDriver
  mobile: string
}

/** What the entity's data says about drivers about to be added: duplicates of a stored driver, unknown CPOs. */
async function entityIssues(
  db: Db,
  entityCode: string,
  candidates: readonly Candidate[],
): Promise<Map<Candidate, { path: string; message: string }[]>> {
  const existing = await findExistingMobiles(
    db,
    entityCode,
    candidates.map((c) => c.mobile),
  )
  const codes = [...new Set(candidates.flatMap((c) => c.driver.subscribedCpoEntities))]
  const cpos = await findCpoEntityCodes(db, codes)
  const out = new Map<Candidate, { path: string; message: string }[]>()
  for (const c of candidates) {
    const issues: { path: string; message: string }[] = []
    const holder = existing.get(c.mobile)
    if (holder !== undefined) issues.push({ path: 'mobileNumber', message: DUPLICATE_MESSAGE(holder) })
    const unknown = c.driver.subscribedCpoEntities.filter((code) => !cpos.has(code))
    if (unknown.length > 0)
      issues.push({
        path: 'subscribedCpoEntities',
        message: `${unknown.join(', ')} ${unknown.length > 1 ? 'are not charge point operators' : 'is not a charge point operator'}`,
      })
    out.set(c, issues)
  }
  return out
}

function newRow(entityCode: string, c: Candidate, now: number): NewEvDriverRow {
  return {
    entity_code: entityCode,
    uuid: randomUUID(),
    name: c.driver.name.replace(/\s+/g, ' '),
    mobile_number: c.mobile,
    email: c.driver.email,
    nationality: c.driver.nationality,
    is_registered: c.driver.isRegistered ? 1 : 0,
    subscribed_cpo_entities: JSON.stringify([...new Set(c.driver.subscribedCpoEntities)].sort()),
    license_plate: normalizePlate(c.driver.licensePlate),
    created_at: now,
    updated_at: now,
  }
}

/** Adds one driver: the body is valid already; duplicates in the entity and unknown CPOs are 400s naming the field. */
export async function addDriver(
  db: Db,
  caller: Caller,
  body: NewDriver,
  now = Date.now(),
): Promise<DriverDetail> {
  const entityCode = caller.auth.entityCode
  const mobile = normalizeMobile(body.dialCode, body.mobileNumber)
  if (!mobile.ok) throw fieldError('body.mobileNumber', mobile.message)
  const candidate: Candidate = { driver: body, mobile: mobile.e164 }
  const issues = (await entityIssues(db, entityCode, [candidate])).get(candidate) ?? []
  if (issues.length > 0) {
    const named = issues.map((i) => ({ path: `body.${i.path}`, message: i.message }))
    throw new HttpError(400, 'BAD_REQUEST', named.map((i) => `${i.path}: ${i.message}`).join('; '), {}, named)
  }
  const row = newRow(entityCode, candidate, now)
  try {
    await db.transaction().execute(async (trx) => {
      await insertDrivers(trx, [row])
      await auditChange(trx, caller, 'ev_driver_created', 'ev_driver', row.uuid, null, {
        name: row.name,
        mobileNumber: row.mobile_number,
        email: row.email,
        nationality: row.nationality,
        isRegistered: row.is_registered === 1,
        subscribedCpoEntities: parseJson<string[]>(row.subscribed_cpo_entities, []),
        licensePlate: row.license_plate,
      })
    })
  } catch (err) {
    // Another request added the same number between the check and the insert.
    if (isUniqueViolation(err)) throw fieldError('body.mobileNumber', DUPLICATE_MESSAGE('added just now'))
    throw err
  }
  const saved = await findDriver(db, entityCode, row.uuid)
  if (!saved) throw new Error('The driver just added was not found')
  return toDetail(saved)
}

/** Raw bytes of an upload as text: UTF-8 (with or without a byte-order mark), else Windows-1252 (Excel's "CSV"). */
export function decodeCsv(bytes: Buffer): string {
  if (bytes.length === 0) throw fieldError('file', 'the file is empty')
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    throw fieldError('file', 'this is an Excel workbook: save it as CSV (comma delimited) and upload that')
  if (bytes.includes(0)) throw fieldError('file', 'this is not a text file: upload a CSV file')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/**
 * Imports a csv file of drivers (docs/decisions/0024-drivers.md): each row is checked as the add-one call checks its
 * body, against the rest of the file and against the entity's drivers; the valid rows are added in one transaction
 * (all of them or, on a failure, none) and the rest are reported with their reasons. A dry run only reports.
 */
export async function importDrivers(
  db: Db,
  caller: Caller,
  file: { name: string; text: string },
  dryRun: boolean,
  now = Date.now(),
): Promise<DriverImportReport> {
  const entityCode = caller.auth.entityCode
  const read = readDriverCsv(file.text)
  if (!read.ok) throw fieldError('file', read.message)
  const candidates = new Map<number, Candidate>()
  for (const r of read.rows) {
    if (r.driver !== null && r.mobileNumber !== null)
      candidates.set(r.line, { driver: r.driver, mobile: r.mobileNumber })
  }
  const checked = await entityIssues(db, entityCode, [...candidates.values()])
  const rows: DriverImportRow[] = []
  const accepted: NewEvDriverRow[] = []
  for (const r of read.rows) {
    const candidate = candidates.get(r.line)
    const issues = [...r.issues, ...(candidate ? (checked.get(candidate) ?? []) : [])]
    const row = candidate && issues.length === 0 ? newRow(entityCode, candidate, now) : null
    if (row) accepted.push(row)
    rows.push({
      line: r.line,
      name: r.input.name,
      mobileNumber: r.mobileNumber ?? typedMobile(r.input),
      email: r.input.email,
      status: row
        ? dryRun
          ? DriverImportStatus.ready
          : DriverImportStatus.added
        : DriverImportStatus.rejected,
      issues,
      driverId: row && !dryRun ? row.uuid : null,
    })
  }
  const report: DriverImportReport = {
    dryRun,
    fileName: file.name,
    total: read.rows.length,
    accepted: accepted.length,
    rejected: read.rows.length - accepted.length,
    ignoredColumns: read.ignoredColumns,
    rows,
  }
  if (dryRun || accepted.length === 0) return report
  try {
    await db.transaction().execute(async (trx) => {
      await insertDrivers(trx, accepted)
      await auditChange(trx, caller, 'ev_drivers_imported', 'ev_driver_import', randomUUID(), null, {
        fileName: file.name,
        rows: report.total,
        rejected: report.rejected,
        added: accepted.map((a) => ({ id: a.uuid, name: a.name, mobileNumber: a.mobile_number })),
      })
    })
  } catch (err) {
    if (isUniqueViolation(err))
      throw fieldError(
        'file',
        'another change added some of these drivers meanwhile; nothing was imported: try again',
      )
    throw err
  }
  return report
}
