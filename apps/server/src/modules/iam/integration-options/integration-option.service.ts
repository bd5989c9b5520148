import type { IntegrationOption, IntegrationOptionWrite } from '@portal/contract'
import { findIntegrationType, integrationOptionIssues, isMaskedSecret, maskSecret } from '@portal/contract'
import type { Db } from '../../../db/database'
import { fieldError, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { bodyIssues, isUniqueViolation } from '../../payment/payment-configs/settings-errors'
import { auditChange } from '../audit/audit.service'
import {
  countIntegrationOptions,
  deleteIntegrationOptionRow,
  findIntegrationOption,
  findIntegrationOptionPage,
  insertIntegrationOption,
  isIntegrationOptionNameTaken,
  updateIntegrationOptionRow,
} from './integration-option.repository'
import type { IntegrationOptionRow } from './integration-option.table'

type Settings = Record<string, string>

/** A row as the API answers it: settings and masked secrets in one `config`, booleans. */
export function toIntegrationOption(row: IntegrationOptionRow): IntegrationOption {
  const config = parseJson<Settings>(row.config, {})
  const secrets = parseJson<Settings>(row.secrets, {})
  for (const [key, value] of Object.entries(secrets)) config[key] = maskSecret(value)
  return {
    id: row.id,
    entity_code: row.entity_code,
    type_code: row.type_code,
    gateway_name: row.gateway_name,
    name: row.name,
    config,
    is_enabled: row.is_enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

async function requireOption(db: Db, entityCode: string, id: number): Promise<IntegrationOptionRow> {
  const row = await findIntegrationOption(db, entityCode, id)
  if (!row) throw notFound('Integration option')
  return row
}

export async function getIntegrationOption(db: Db, caller: Caller, id: number): Promise<IntegrationOption> {
  return toIntegrationOption(await requireOption(db, caller.auth.entityCode, id))
}

export async function filterIntegrationOptions(
  db: Db,
  caller: Caller,
  f: { limit: number; offset: number; type_code?: string | undefined },
) {
  const entityCode = caller.auth.entityCode
  const [rows, count] = await Promise.all([
    findIntegrationOptionPage(db, entityCode, f),
    countIntegrationOptions(db, entityCode, f.type_code),
  ])
  return { options: rows.map(toIntegrationOption), count }
}

/**
 * Checks a write (400 naming each field) and splits it into stored settings and secrets. A secret left out or sent
 * back masked keeps the stored one while the type stays the same.
 */
function resolveWrite(input: IntegrationOptionWrite, stored: IntegrationOptionRow | null) {
  const storedSecrets = stored ? parseJson<Settings>(stored.secrets, {}) : {}
  const issues = integrationOptionIssues(
    input,
    stored ? { type_code: stored.type_code, secrets: new Set(Object.keys(storedSecrets)) } : null,
  )
  const type = findIntegrationType(input.type_code)
  if (issues.length > 0 || !type) throw bodyIssues(issues)
  const keep = stored !== null && stored.type_code === type.type_code
  const config: Settings = {}
  const secrets: Settings = {}
  for (const f of type.fields) {
    const raw = input.config[f.key]
    const value = typeof raw === 'string' ? raw.trim() : raw
    if (f.kind === 'secret') {
      const kept = storedSecrets[f.key]
      if (value === undefined || (typeof value === 'string' && isMaskedSecret(value))) {
        if (keep && kept !== undefined) secrets[f.key] = kept
      } else if (value !== null && value !== '') secrets[f.key] = value
    } else if (value !== undefined && value !== null && value !== '') config[f.key] = value
  }
  return { config: JSON.stringify(config), secrets: JSON.stringify(secrets) }
}

const nameTaken = () =>
  fieldError('body.name', 'An integration option with this name already exists', 'taken')

async function ensureUnique(db: Db, entityCode: string, name: string, exceptId?: number) {
  if (await isIntegrationOptionNameTaken(db, entityCode, name, exceptId)) throw nameTaken()
}

export async function createIntegrationOption(
  db: Db,
  caller: Caller,
  input: IntegrationOptionWrite,
): Promise<IntegrationOption> {
  const entityCode = caller.auth.entityCode
  const { config, secrets } = resolveWrite(input, null)
  await ensureUnique(db, entityCode, input.name)
  const now = Date.now()
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertIntegrationOption(trx, {
        entity_code: entityCode,
        type_code: input.type_code,
        gateway_name: input.gateway_name,
        name: input.name,
        is_enabled: input.is_enabled ? 1 : 0,
        config,
        secrets,
        created_at: now,
        updated_at: now,
      })
      const option = toIntegrationOption(row)
      await auditChange(trx, caller, 'integration_option_created', 'integration_option', row.id, null, option)
      return option
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken()
    throw err
  }
}

export async function updateIntegrationOption(
  db: Db,
  caller: Caller,
  id: number,
  input: IntegrationOptionWrite,
): Promise<IntegrationOption> {
  const entityCode = caller.auth.entityCode
  const stored = await requireOption(db, entityCode, id)
  const { config, secrets } = resolveWrite(input, stored)
  await ensureUnique(db, entityCode, input.name, id)
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await updateIntegrationOptionRow(trx, entityCode, id, {
        type_code: input.type_code,
        gateway_name: input.gateway_name,
        name: input.name,
        is_enabled: input.is_enabled ? 1 : 0,
        config,
        secrets,
        updated_at: Date.now(),
      })
      const after = toIntegrationOption(row)
      await auditChange(
        trx,
        caller,
        'integration_option_updated',
        'integration_option',
        id,
        toIntegrationOption(stored),
        after,
      )
      return after
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken()
    throw err
  }
}

export async function deleteIntegrationOption(db: Db, caller: Caller, id: number): Promise<void> {
  const entityCode = caller.auth.entityCode
  const before = toIntegrationOption(await requireOption(db, entityCode, id))
  await db.transaction().execute(async (trx) => {
    await deleteIntegrationOptionRow(trx, entityCode, id)
    await auditChange(trx, caller, 'integration_option_deleted', 'integration_option', id, before, null)
  })
}
