import type { ApiKey, apiKeyCreateRequest } from '@portal/contract'
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@portal/contract'
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../../db/database'
import { fieldError, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { hashToken, newOpaqueToken, newUuid } from '../../../lib/tokens'
import { auditChange } from '../audit/audit.service'
import type { AuthContext } from '../auth/auth-context'
import {
  findApiKey,
  findKeyForAuth,
  findServiceAccount,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
} from './service-account.repository'

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** `pk_<8 visible characters>_<256 random bits, base64url>`: the prefix tells keys apart, the rest is the secret. */
export function newApiKey(): { key: string; prefix: string } {
  const prefix = [...randomBytes(8)].map((b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('')
  return { key: `${API_KEY_PREFIX}${prefix}_${newOpaqueToken()}`, prefix }
}

export function isApiKey(token: string): boolean {
  return API_KEY_PATTERN.test(token)
}

/**
 * The caller a key stands for, or null when it is unknown, revoked, expired, or its account is deleted or barred.
 * Looked up by digest on every request: nothing is cached, so a revoked key fails on every instance at once.
 */
export async function authenticateApiKey(db: Db, key: string, now = Date.now()): Promise<AuthContext | null> {
  const row = await findKeyForAuth(db, hashToken(key))
  if (!row || row.revoked_at !== null || row.deleted_at !== null || row.status !== 1) return null
  if (row.expires_at !== null && row.expires_at <= now) return null
  return {
    sessionId: `api-key:${row.uuid}`,
    userId: row.user_id,
    userUuid: row.user_uuid,
    username: row.username,
    entityCode: row.entity_code,
    isPlatformAdmin: false,
    membership: { entityCode: row.entity_code, relation: row.relation },
    apiKey: { id: row.id, uuid: row.uuid, name: row.name },
  }
}

type KeyRow = NonNullable<Awaited<ReturnType<typeof findApiKey>>>

function toApiKey(r: KeyRow): ApiKey {
  return {
    uuid: r.uuid,
    name: r.name,
    prefix: r.prefix,
    expires_at: r.expires_at,
    created_at: r.created_at,
    created_by: r.created_by_name,
    last_used_at: r.last_used_at,
    last_used_ip: r.last_used_ip,
    revoked_at: r.revoked_at,
  }
}

async function accountOrThrow(db: Db, caller: Caller, uuid: string) {
  const account = await findServiceAccount(db, caller.auth.entityCode, uuid)
  if (!account) throw notFound('Service account')
  return account
}

export async function listKeys(db: Db, caller: Caller, accountUuid: string): Promise<ApiKey[]> {
  const account = await accountOrThrow(db, caller, accountUuid)
  return (await listApiKeys(db, caller.auth.entityCode, account.id)).map(toApiKey)
}

/** A new key; the answer is the only place the key itself ever appears. */
export async function createKey(
  db: Db,
  caller: Caller,
  accountUuid: string,
  input: z.output<typeof apiKeyCreateRequest>,
  now = Date.now(),
): Promise<{ key: string; api_key: ApiKey }> {
  const account = await accountOrThrow(db, caller, accountUuid)
  if (input.expires_at !== null && input.expires_at <= now)
    throw fieldError('body.expires_at', 'Choose a time in the future')
  const { key, prefix } = newApiKey()
  const uuid = newUuid()
  const entityCode = caller.auth.entityCode
  await insertApiKey(db, {
    uuid,
    user_id: account.id,
    entity_code: entityCode,
    name: input.name,
    prefix,
    digest: hashToken(key),
    expires_at: input.expires_at,
    created_by: caller.auth.userId,
    created_at: now,
  })
  const row = await findApiKey(db, entityCode, account.id, uuid)
  if (!row) throw notFound('API key')
  const apiKey = toApiKey(row)
  await auditChange(db, caller, 'api_key_created', 'service_account', account.user_uuid, null, apiKey)
  return { key, api_key: apiKey }
}

export async function revokeKey(
  db: Db,
  caller: Caller,
  accountUuid: string,
  keyUuid: string,
  now = Date.now(),
): Promise<ApiKey> {
  const account = await accountOrThrow(db, caller, accountUuid)
  const entityCode = caller.auth.entityCode
  const before = await findApiKey(db, entityCode, account.id, keyUuid)
  if (!before) throw notFound('API key')
  await revokeApiKey(db, entityCode, before.id, now)
  const after = await findApiKey(db, entityCode, account.id, keyUuid)
  if (!after) throw notFound('API key')
  await auditChange(
    db,
    caller,
    'api_key_revoked',
    'service_account',
    account.user_uuid,
    toApiKey(before),
    toApiKey(after),
  )
  return toApiKey(after)
}
