import type { LoginData, SmsLoginData } from '@portal/contract'
import { UserStatus } from '@portal/contract'
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../../db/database'
import { badRequest, HttpError, unauthorized } from '../../../lib/errors'
import { hashToken, newOpaqueToken } from '../../../lib/tokens'
import { verifyTotp } from '../../../lib/totp'
import { recordAudit } from '../audit/audit.repository'
import { claimTotpStep, findUserById, findUserByUsername } from '../users/user.repository'
import type { AppUserRow } from '../users/user.table'
import type { AuthDeps, ClientInfo } from './auth.service'
import {
  CHALLENGE_TTL_MS,
  checkThrottle,
  completeLogin,
  mfaModeOf,
  recordFailedLogin,
  refuseBarredUser,
} from './auth.service'
import {
  consumeChallenge,
  countChallengeAttempt,
  createChallenge,
  findChallenge,
  setChallengeCode,
} from './challenge.repository'
import type { AuthChallengeRow } from './challenge.table'
import { ssoRequiredFor } from '../sso/sso-policy'

export const SMS_CODE_TTL_MS = 5 * 60_000
export const SMS_RESEND_AFTER_MS = 30_000
/** Wrong codes allowed on one challenge before it is spent and the sign-in must start again. */
export const MAX_CODE_ATTEMPTS = 5

const EXPIRED = 'This sign-in has expired: start again with your username and password'
const WRONG_CODE = 'The code is not correct'

function codeHash(challengeHash: string, code: string): string {
  return createHash('sha256').update(`${challengeHash}:${code}`).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

async function openChallenge(
  db: Db,
  token: string,
  now: number,
): Promise<AuthChallengeRow & { hash: string }> {
  const hash = hashToken(token)
  const challenge = await findChallenge(db, hash)
  if (!challenge || challenge.consumed_at !== null || challenge.expires_at <= now) throw unauthorized(EXPIRED)
  if (challenge.attempts >= MAX_CODE_ATTEMPTS) {
    await consumeChallenge(db, hash, now)
    throw unauthorized('Too many wrong codes: start again with your username and password')
  }
  return { ...challenge, hash }
}

async function userOf(db: Db, challenge: AuthChallengeRow): Promise<AppUserRow | undefined> {
  return challenge.user_id === null ? undefined : findUserById(db, challenge.user_id)
}

async function wrongCode(
  db: Db,
  deps: AuthDeps,
  challenge: AuthChallengeRow & { hash: string },
  user: AppUserRow | undefined,
  client: ClientInfo,
  step: string,
): Promise<never> {
  await countChallengeAttempt(db, challenge.hash)
  await recordFailedLogin(db, deps, user?.username ?? '', user, client, step)
  throw unauthorized(WRONG_CODE)
}

/** POST /iam/authenticate: the authenticator code completes a password sign-in. */
export async function authenticateWithTotp(
  db: Db,
  deps: AuthDeps,
  input: { mfa_token: string; code: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<LoginData> {
  const challenge = await openChallenge(db, input.mfa_token, now)
  const user = await userOf(db, challenge)
  if (challenge.kind !== 'mfa' || !user || mfaModeOf(user) !== 'authenticator' || user.totp_secret === null) {
    throw unauthorized(EXPIRED)
  }
  await checkThrottle(deps, user.username, client)
  const step = verifyTotp(user.totp_secret, input.code, now, user.totp_last_step)
  if (step === null) return wrongCode(db, deps, challenge, user, client, 'authenticator code')
  // A code is good once: only one request can move the last step forward.
  if (!(await claimTotpStep(db, user.id, step)) || !(await consumeChallenge(db, challenge.hash, now))) {
    return wrongCode(db, deps, challenge, user, client, 'authenticator code reused')
  }
  return completeLogin(db, deps, user, client, 'authenticator', now)
}

function phoneHint(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `••••${digits.slice(-4)}`
}

async function sendCode(
  db: Db,
  deps: AuthDeps,
  challengeHash: string,
  user: AppUserRow,
  now: number,
): Promise<void> {
  if (!user.phone_number) throw badRequest('This account has no mobile number for SMS codes')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await setChallengeCode(db, challengeHash, codeHash(challengeHash, code), now + SMS_CODE_TTL_MS)
  try {
    await deps.sms.send(user.phone_number, `Your Operator Portal code is ${code}. It expires in 5 minutes.`)
  } catch (err) {
    throw new HttpError(
      503,
      'UNAVAILABLE',
      `The SMS could not be sent: ${err instanceof Error ? err.message : 'unknown error'}`,
    )
  }
}

/**
 * POST /iam/sms-login. With `mfa_token`: the SMS second step of a password sign-in. With `username`: a sign-in
 * by SMS code alone, for accounts with a mobile number and no authenticator; the answer is the same whether or
 * not the username exists or can use it, so it reveals nothing.
 */
export async function smsLogin(
  db: Db,
  deps: AuthDeps,
  input: { mfa_token: string } | { username: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<SmsLoginData> {
  if ('mfa_token' in input) {
    const challenge = await openChallenge(db, input.mfa_token, now)
    const user = await userOf(db, challenge)
    if (challenge.kind !== 'mfa' || !user || mfaModeOf(user) !== 'sms') throw unauthorized(EXPIRED)
    const sentAt = challenge.code_expires_at === null ? null : challenge.code_expires_at - SMS_CODE_TTL_MS
    if (sentAt !== null && now - sentAt < SMS_RESEND_AFTER_MS) {
      const wait = Math.ceil((SMS_RESEND_AFTER_MS - (now - sentAt)) / 1000)
      throw new HttpError(
        429,
        'TOO_MANY_REQUESTS',
        `Wait ${String(wait)} seconds before asking for another code`,
        {
          'retry-after': String(wait),
        },
      ).withMessage('retry_later', { seconds: wait })
    }
    await sendCode(db, deps, challenge.hash, user, now)
    await audit(db, user, client, 'mfa_sms_sent')
    return {
      mfa_token: input.mfa_token,
      expires_at: now + SMS_CODE_TTL_MS,
      phone_hint: phoneHint(user.phone_number ?? ''),
    }
  }

  await checkThrottle(deps, input.username, client)
  const user = await findUserByUsername(db, input.username)
  const eligible =
    user !== undefined &&
    user.phone_number !== null &&
    user.status !== UserStatus.PendingActivation &&
    user.status !== UserStatus.Inactive &&
    mfaModeOf(user) !== 'authenticator' &&
    // Same answer either way (no hint that the user exists); completeLogin refuses it too.
    !(await ssoRequiredFor(db, user))
  const challenge = newOpaqueToken()
  const hash = hashToken(challenge)
  await createChallenge(
    db,
    {
      tokenHash: hash,
      userId: eligible ? user.id : null,
      kind: 'sms',
      expiresAt: now + CHALLENGE_TTL_MS,
      ip: client.ip,
    },
    now,
  )
  if (eligible) {
    await sendCode(db, deps, hash, user, now)
    await audit(db, user, client, 'sms_login_sent')
  }
  return { mfa_token: challenge, expires_at: now + SMS_CODE_TTL_MS, phone_hint: null }
}

/** POST /iam/verify-smslogin: the SMS code completes the sign-in. */
export async function verifySmsLogin(
  db: Db,
  deps: AuthDeps,
  input: { mfa_token: string; code: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<LoginData> {
  const challenge = await openChallenge(db, input.mfa_token, now)
  const user = await userOf(db, challenge)
  if (user) await checkThrottle(deps, user.username, client)
  const codeOk =
    challenge.code_hash !== null &&
    challenge.code_expires_at !== null &&
    challenge.code_expires_at > now &&
    sameHash(challenge.code_hash, codeHash(challenge.hash, input.code))
  if (!user || !codeOk) return wrongCode(db, deps, challenge, user, client, 'sms code')
  if (!(await consumeChallenge(db, challenge.hash, now)))
    return wrongCode(db, deps, challenge, user, client, 'sms code reused')
  refuseBarredUser(user)
  return completeLogin(db, deps, user, client, challenge.kind === 'mfa' ? 'password+sms' : 'sms', now)
}

async function audit(db: Db, user: AppUserRow, client: ClientInfo, action: string) {
  await recordAudit(db, {
    actorUserId: user.id,
    entityCode: null,
    action,
    objectType: 'user',
    objectId: user.user_uuid,
    ip: client.ip,
  })
}
