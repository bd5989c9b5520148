import type { PaymentOption, PaymentOptionWrite } from '@portal/contract'
import {
  findPaymentGateway,
  isMaskedSecret,
  labelOf,
  maskSecret,
  paymentMethods,
  paymentOptionIssues,
} from '@portal/contract'
import type { Db } from '../../../db/database'
import { fieldError, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import { findEntityByCode } from '../../iam/entities/entity.repository'
import type { PaymentOptionRow } from './payment-config.table'
import type { PaymentOptionFilter } from './payment-config.repository'
import {
  deleteOptionAndConfigs,
  findUserConfigIdsOfOption,
  insertOption,
  updateOption,
  countOptions,
  findOption,
  findOptionFor,
  findOptions,
  findUserConfigsById,
  userConfigCounts,
} from './payment-config.repository'
import { bodyIssues, isUniqueViolation } from './settings-errors'
import { toUserConfig } from './user-payment-config.service'

/** The settings that are not secret, as stored in payment_option.config. */
interface StoredConfig {
  merchant_id?: string
  terminal_id?: string
  flow_type: number
  card_payment_types: string[]
}

type Secrets = Record<string, string>

const secretsOf = (row: PaymentOptionRow): Secrets => parseJson<Secrets>(row.secrets, {})

function masked(secrets: Secrets, key: string): string | null {
  const value = secrets[key]
  return value === undefined ? null : maskSecret(value)
}

/** A row as the API answers it: booleans, parsed settings, secrets masked. */
export function toPaymentOption(row: PaymentOptionRow, userConfigCount: number): PaymentOption {
  const config = parseJson<StoredConfig>(row.config, { flow_type: 0, card_payment_types: [] })
  const secrets = secretsOf(row)
  return {
    id: row.id,
    entity_code: row.entity_code,
    method_code: row.method_code,
    gateway_code: row.gateway_code,
    display_name: row.display_name,
    currency_code: row.currency_code,
    is_enabled: row.is_enabled === 1,
    config: {
      merchant_id: config.merchant_id ?? null,
      terminal_id: config.terminal_id ?? null,
      api_key: masked(secrets, 'api_key'),
      secret: masked(secrets, 'secret'),
      flow_type: config.flow_type,
      card_payment_types: config.card_payment_types,
    },
    user_config_count: userConfigCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/**
 * Checks a write against the rules spanning fields (400 naming each field) and turns it into the stored settings
 * and secrets. A secret left out or sent back masked keeps the stored one while the gateway stays the same; a
 * secret the new gateway does not use is dropped.
 */
function resolveWrite(input: PaymentOptionWrite, stored: PaymentOptionRow | null) {
  const storedSecrets = stored ? secretsOf(stored) : {}
  const issues = paymentOptionIssues(
    input,
    stored ? { gateway_code: stored.gateway_code, secrets: new Set(Object.keys(storedSecrets)) } : null,
  )
  const gateway = findPaymentGateway(input.gateway_code)
  if (issues.length > 0 || !gateway) throw bodyIssues(issues)
  const config: StoredConfig = {
    flow_type: input.config.flow_type,
    card_payment_types: [...new Set(input.config.card_payment_types ?? [])],
  }
  const secrets: Secrets = {}
  const keep = stored !== null && stored.gateway_code === gateway.gateway_code
  for (const field of gateway.fields) {
    const value = input.config[field.key]
    if (field.secret) {
      const kept = storedSecrets[field.key]
      if (value === undefined || (typeof value === 'string' && isMaskedSecret(value))) {
        if (keep && kept !== undefined) secrets[field.key] = kept
      } else if (value !== null && value !== '') {
        secrets[field.key] = value
      }
    } else if (value !== undefined && value !== null && value !== '') {
      if (field.key === 'merchant_id') config.merchant_id = value
      if (field.key === 'terminal_id') config.terminal_id = value
    }
  }
  return { config: JSON.stringify(config), secrets: JSON.stringify(secrets) }
}

function duplicate(input: PaymentOptionWrite) {
  const gateway = findPaymentGateway(input.gateway_code)
  return fieldError(
    'body.gateway_code',
    `This entity already has ${labelOf(paymentMethods, input.method_code)} through ${gateway?.name ?? input.gateway_code}`,
  )
}

async function ensureUnique(db: Db, entityCode: string, input: PaymentOptionWrite, exceptId?: number) {
  if (await findOptionFor(db, entityCode, input.method_code, input.gateway_code, exceptId))
    throw duplicate(input)
}

async function withCount(db: Db, entityCode: string, row: PaymentOptionRow): Promise<PaymentOption> {
  const counts = await userConfigCounts(db, entityCode, [row.id])
  return toPaymentOption(row, counts.get(row.id) ?? 0)
}

async function requireOption(db: Db, entityCode: string, id: number): Promise<PaymentOptionRow> {
  const row = await findOption(db, entityCode, id)
  if (!row) throw notFound('Payment option')
  return row
}

export async function getPaymentOption(db: Db, caller: Caller, id: number): Promise<PaymentOption> {
  const entityCode = caller.auth.entityCode
  return withCount(db, entityCode, await requireOption(db, entityCode, id))
}

export async function filterPaymentOptions(db: Db, caller: Caller, f: PaymentOptionFilter) {
  const entityCode = caller.auth.entityCode
  const [rows, count] = await Promise.all([findOptions(db, entityCode, f), countOptions(db, entityCode, f)])
  const counts = await userConfigCounts(
    db,
    entityCode,
    rows.map((r) => r.id),
  )
  return { options: rows.map((r) => toPaymentOption(r, counts.get(r.id) ?? 0)), count }
}

export async function createPaymentOption(
  db: Db,
  caller: Caller,
  input: PaymentOptionWrite,
): Promise<PaymentOption> {
  const entityCode = caller.auth.entityCode
  const { config, secrets } = resolveWrite(input, null)
  await ensureUnique(db, entityCode, input)
  const currency = input.currency_code ?? (await findEntityByCode(db, entityCode))?.currency_code ?? 'SGD'
  const now = Date.now()
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertOption(trx, {
        entity_code: entityCode,
        method_code: input.method_code,
        gateway_code: input.gateway_code,
        display_name: input.display_name,
        currency_code: currency,
        is_enabled: input.is_enabled ? 1 : 0,
        config,
        secrets,
        created_at: now,
        updated_at: now,
      })
      const option = toPaymentOption(row, 0)
      await auditChange(trx, caller, 'payment_option_created', 'payment_option', row.id, null, option)
      return option
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input)
    throw err
  }
}

export async function updatePaymentOption(
  db: Db,
  caller: Caller,
  id: number,
  input: PaymentOptionWrite,
): Promise<PaymentOption> {
  const entityCode = caller.auth.entityCode
  const stored = await requireOption(db, entityCode, id)
  const { config, secrets } = resolveWrite(input, stored)
  await ensureUnique(db, entityCode, input, id)
  const before = await withCount(db, entityCode, stored)
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await updateOption(trx, entityCode, id, {
        method_code: input.method_code,
        gateway_code: input.gateway_code,
        display_name: input.display_name,
        currency_code: input.currency_code ?? stored.currency_code,
        is_enabled: input.is_enabled ? 1 : 0,
        config,
        secrets,
        updated_at: Date.now(),
      })
      const after = toPaymentOption(row, before.user_config_count)
      await auditChange(trx, caller, 'payment_option_updated', 'payment_option', id, before, after)
      return after
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input)
    throw err
  }
}

/** Deletes an option and the user configs that use it, with an audit record for each. */
export async function deletePaymentOption(db: Db, caller: Caller, id: number): Promise<void> {
  const entityCode = caller.auth.entityCode
  const before = await getPaymentOption(db, caller, id)
  await db.transaction().execute(async (trx) => {
    const views = await findUserConfigsById(
      trx,
      entityCode,
      await findUserConfigIdsOfOption(trx, entityCode, id),
    )
    await deleteOptionAndConfigs(trx, entityCode, id)
    for (const view of views) {
      await auditChange(
        trx,
        caller,
        'user_payment_config_deleted',
        'user_payment_config',
        view.id,
        toUserConfig(view),
        null,
      )
    }
    await auditChange(trx, caller, 'payment_option_deleted', 'payment_option', id, before, null)
  })
}
