import type { FieldIssue, UserPaymentConfig } from '@portal/contract'
import type { Db } from '../../../db/database'
import { fieldError, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import type { UserConfigFilter, UserConfigView } from './payment-config.repository'
import {
  countUserConfigs,
  deleteUserConfigRow,
  findMember,
  findOption,
  findUserConfigs,
  findUserConfigIdFor,
  findUserConfigsById,
  insertUserConfig,
  searchMembers,
  updateUserConfig,
} from './payment-config.repository'
import { bodyIssues, isUniqueViolation } from './settings-errors'

export function toUserConfig(v: UserConfigView): UserPaymentConfig {
  return {
    id: v.id,
    user_uuid: v.user_uuid,
    username: v.username,
    user_name: v.user_name,
    option_id: v.option_id,
    option_display_name: v.option_display_name,
    method_code: v.method_code,
    gateway_code: v.gateway_code,
    currency_code: v.currency_code,
    daily_limit: v.daily_limit,
    is_enabled: v.is_enabled === 1,
    created_at: v.created_at,
    updated_at: v.updated_at,
  }
}

async function getUserConfig(db: Db, entityCode: string, id: number): Promise<UserPaymentConfig> {
  const [view] = await findUserConfigsById(db, entityCode, [id])
  if (!view) throw notFound('User payment config')
  return toUserConfig(view)
}

export async function filterUserConfigs(db: Db, caller: Caller, f: UserConfigFilter) {
  const entityCode = caller.auth.entityCode
  const [rows, count] = await Promise.all([
    findUserConfigs(db, entityCode, f),
    countUserConfigs(db, entityCode, f),
  ])
  return { configs: rows.map(toUserConfig), count }
}

const alreadyConfigured = () =>
  fieldError('body.user_uuid', 'This user already has a config for this payment option', 'taken')

export async function createUserConfig(
  db: Db,
  caller: Caller,
  input: { user_uuid: string; option_id: number; daily_limit: number | null; is_enabled: boolean },
): Promise<UserPaymentConfig> {
  const entityCode = caller.auth.entityCode
  const member = await findMember(db, entityCode, input.user_uuid)
  const option = await findOption(db, entityCode, input.option_id)
  const issues: FieldIssue[] = []
  if (!member) issues.push({ path: 'user_uuid', message: 'No member of this entity has this user id' })
  if (!option) issues.push({ path: 'option_id', message: 'No payment option of this entity has this id' })
  if (!member || !option) throw bodyIssues(issues)
  const taken = await findUserConfigIdFor(db, option.id, member.id)
  if (taken) throw alreadyConfigured()
  const now = Date.now()
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await insertUserConfig(trx, {
        entity_code: entityCode,
        option_id: option.id,
        user_id: member.id,
        daily_limit: input.daily_limit,
        is_enabled: input.is_enabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      const config = await getUserConfig(trx, entityCode, id)
      await auditChange(trx, caller, 'user_payment_config_created', 'user_payment_config', id, null, config)
      return config
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyConfigured()
    throw err
  }
}

export async function deleteUserConfig(db: Db, caller: Caller, id: number): Promise<void> {
  const entityCode = caller.auth.entityCode
  const before = await getUserConfig(db, entityCode, id)
  await db.transaction().execute(async (trx) => {
    await deleteUserConfigRow(trx, entityCode, id)
    await auditChange(trx, caller, 'user_payment_config_deleted', 'user_payment_config', id, before, null)
  })
}

export interface BulkEntry {
  id: number
  is_enabled?: boolean | undefined
  daily_limit?: number | null | undefined
}

/**
 * PUT /payment/payment-configs/user-bulk: every entry is checked first (each must be a config of the entity, listed
 * once); one bad entry answers 400 naming `body.configs.N.id` and nothing is written. The writes and their audit
 * records share one transaction, so a failure half-way leaves nothing behind either.
 */
export async function bulkUpdateUserConfigs(
  db: Db,
  caller: Caller,
  entries: readonly BulkEntry[],
): Promise<UserPaymentConfig[]> {
  const entityCode = caller.auth.entityCode
  return db.transaction().execute(async (trx) => {
    const found = new Map(
      (
        await findUserConfigsById(
          trx,
          entityCode,
          entries.map((e) => e.id),
        )
      ).map((v) => [v.id, toUserConfig(v)]),
    )
    const issues: FieldIssue[] = []
    const seen = new Set<number>()
    entries.forEach((entry, index) => {
      if (!found.has(entry.id))
        issues.push({
          path: `configs.${index}.id`,
          message: 'No user payment config of this entity has this id',
        })
      else if (seen.has(entry.id))
        issues.push({ path: `configs.${index}.id`, message: 'This config is listed twice' })
      seen.add(entry.id)
    })
    if (issues.length > 0) throw bodyIssues(issues)

    const now = Date.now()
    const out: UserPaymentConfig[] = []
    for (const entry of entries) {
      const before = found.get(entry.id)
      if (!before) continue
      await updateUserConfig(trx, entityCode, entry.id, {
        ...(entry.is_enabled === undefined ? {} : { is_enabled: entry.is_enabled ? 1 : 0 }),
        ...(entry.daily_limit === undefined ? {} : { daily_limit: entry.daily_limit }),
        updated_at: now,
      })
      const after = await getUserConfig(trx, entityCode, entry.id)
      await auditChange(
        trx,
        caller,
        'user_payment_config_updated',
        'user_payment_config',
        entry.id,
        before,
        after,
      )
      out.push(after)
    }
    return out
  })
}

export function findMembers(db: Db, caller: Caller, query: string, limit: number) {
  return searchMembers(db, caller.auth.entityCode, query, limit)
}
