import { z } from 'zod'
import { isInCatalogue } from '../../catalogue'
import { currencies, minorUnitDigits } from '../../enums/currency'
import { CardPaymentType, cardPaymentTypes, paymentFlowTypes } from '../../enums/payment'
import { paymentMethods } from '../../enums/payment-method'
import { envelope, epochMs, paging } from '../envelope'
import {
  findPaymentGateway,
  GATEWAY_SETTING_KEYS,
  gatewayServesMethod,
  isCardMethod,
} from './payment-gateways'
import { isMaskedSecret, SECRET_MAX_LENGTH, SECRET_MIN_LENGTH } from './secrets'

/** A problem with one field of a write, by its path inside the body ('gateway_code', 'config.api_key'). */
export interface FieldIssue {
  path: string
  message: string
}

const methodCode = z
  .number({ error: 'Choose a payment method' })
  .int('Choose a payment method')
  .refine((v) => isInCatalogue(paymentMethods, v), 'Unknown payment method')

const flowType = z
  .number({ error: 'Choose a payment flow type' })
  .int('Choose a payment flow type')
  .refine((v) => isInCatalogue(paymentFlowTypes, v), 'Unknown payment flow type')

const cardType = z
  .string({ error: 'Choose a card payment type' })
  .refine((v) => isInCatalogue(cardPaymentTypes, v), 'Unknown card payment type')

const settingText = z
  .string()
  .trim()
  .min(1, 'Enter a value')
  .max(100, 'Use at most 100 characters')
  .regex(/^[A-Za-z0-9._:/@-]+$/, 'Use letters, digits and . _ - : / @ only')

/** A secret as typed, or the masked value the server answered (sent back unchanged, it keeps the stored one). */
export const secretInput = z
  .string()
  .trim()
  .max(SECRET_MAX_LENGTH, `Use at most ${SECRET_MAX_LENGTH} characters`)
  .refine(
    (v) => isMaskedSecret(v) || v.length >= SECRET_MIN_LENGTH,
    `Use at least ${SECRET_MIN_LENGTH} characters`,
  )

export const currencyCode = z
  .string({ error: 'Choose a currency' })
  .trim()
  .toUpperCase()
  .refine((v) => isInCatalogue(currencies, v), 'Unknown currency')

/**
 * The settings of an entity payment option. Which of merchant_id, terminal_id, api_key and secret are needed
 * depends on the gateway (PAYMENT_GATEWAYS); null (or leaving a secret out on an update) has the meanings of
 * `paymentOptionIssues`.
 */
export const paymentOptionConfigInput = z.strictObject({
  merchant_id: settingText.nullable().optional(),
  terminal_id: settingText.nullable().optional(),
  api_key: secretInput.nullable().optional(),
  secret: secretInput.nullable().optional(),
  flow_type: flowType,
  card_payment_types: z.array(cardType).max(cardPaymentTypes.values.length).optional(),
})

/** POST /payment/payment-configs/entity and PUT .../entity/{id}. */
export const paymentOptionWriteRequest = z.strictObject({
  method_code: methodCode,
  gateway_code: z.string({ error: 'Choose a gateway' }).trim().min(1, 'Choose a gateway').max(40),
  display_name: z
    .string({ error: 'Enter a display name' })
    .trim()
    .min(1, 'Enter a display name')
    .max(120, 'Use at most 120 characters'),
  /** Defaults to the entity's currency on create, and to the current one on update. */
  currency_code: currencyCode.optional(),
  is_enabled: z.boolean().default(true),
  config: paymentOptionConfigInput,
})
export type PaymentOptionWriteRequest = z.input<typeof paymentOptionWriteRequest>
export type PaymentOptionWrite = z.output<typeof paymentOptionWriteRequest>

/** What is already on file for an option, when updating it: its gateway and which secrets it holds. */
export interface StoredSecrets {
  gateway_code: string
  secrets: ReadonlySet<string>
}

/**
 * The rules of a payment option that span fields: the gateway must process the method; the gateway's required
 * settings must be there and settings it does not use must not; card methods name card payment types and other
 * methods do not. A secret left out or sent back masked keeps the stored one, but only while the gateway stays
 * the same. Used by the server (400 naming the field) and by the portal (the message beside the field).
 */
export function paymentOptionIssues(input: PaymentOptionWrite, stored: StoredSecrets | null): FieldIssue[] {
  const issues: FieldIssue[] = []
  const gateway = findPaymentGateway(input.gateway_code)
  if (!gateway) {
    issues.push({ path: 'gateway_code', message: 'Unknown gateway' })
  } else if (!gatewayServesMethod(gateway.gateway_code, input.method_code)) {
    issues.push({ path: 'gateway_code', message: `${gateway.name} cannot process this payment method` })
  } else {
    const keepable = stored !== null && stored.gateway_code === gateway.gateway_code
    for (const key of GATEWAY_SETTING_KEYS) {
      const field = gateway.fields.find((f) => f.key === key)
      const value = input.config[key]
      const path = `config.${key}`
      if (!field) {
        if (value !== undefined && value !== null && value !== '')
          issues.push({ path, message: `Not used by ${gateway.name}` })
        continue
      }
      if (field.secret && (value === undefined || (typeof value === 'string' && isMaskedSecret(value)))) {
        const kept = keepable && stored.secrets.has(key)
        if (!kept && (field.required || value !== undefined))
          issues.push({
            path,
            message: value === undefined ? `Required by ${gateway.name}` : 'Enter the new value',
          })
        continue
      }
      if (field.required && (value === undefined || value === null || value === ''))
        issues.push({ path, message: `Required by ${gateway.name}` })
    }
  }
  const cards = input.config.card_payment_types ?? []
  if (isCardMethod(input.method_code)) {
    if (cards.length === 0)
      issues.push({ path: 'config.card_payment_types', message: 'Choose at least one card payment type' })
  } else if (cards.length > 0) {
    issues.push({
      path: 'config.card_payment_types',
      message: 'Card payment types apply to card methods only',
    })
  }
  return issues
}

/** The settings as answered: secrets masked ('••••3f9a'), null when not set. */
export const paymentOptionConfig = z.object({
  merchant_id: z.string().nullable(),
  terminal_id: z.string().nullable(),
  api_key: z.string().nullable(),
  secret: z.string().nullable(),
  flow_type: z.number().int(),
  card_payment_types: z.array(z.string()),
})
export type PaymentOptionConfig = z.infer<typeof paymentOptionConfig>

/** A payment method of the entity, processed by one gateway (unique per entity, method and gateway). */
export const paymentOption = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  method_code: z.number().int(),
  gateway_code: z.string(),
  display_name: z.string(),
  currency_code: z.string(),
  is_enabled: z.boolean(),
  config: paymentOptionConfig,
  /** How many user payment configs use this option. */
  user_config_count: z.number().int(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type PaymentOption = z.infer<typeof paymentOption>
export const paymentOptionResponse = envelope(paymentOption)

export const paymentOptionFilterRequest = z.strictObject({
  ...paging,
  method_code: methodCode.optional(),
  is_enabled: z.boolean().optional(),
})
export type PaymentOptionFilterRequest = z.input<typeof paymentOptionFilterRequest>
export const paymentOptionFilterResponse = envelope(
  z.object({ options: z.array(paymentOption), count: z.number().int() }),
)

/** GET /payment/payment-configs/method: every payment method of the catalogue (A §9). */
export const paymentMethodsQuery = z.strictObject({ name: z.string().trim().max(100).optional() })
export const paymentMethodsResponse = envelope(
  z.object({ methods: z.array(z.object({ method_code: z.number().int(), name: z.string() })) }),
)

/** GET /payment/payment-configs/gateway?method_code=…: the gateways that can process the method. */
export const paymentGatewaysQuery = z.strictObject({
  method_code: z.coerce
    .number({ error: 'Give a payment method code' })
    .int('Give a payment method code')
    .refine((v) => isInCatalogue(paymentMethods, v), 'Unknown payment method'),
  name: z.string().trim().max(100).optional(),
})
export const gatewaySetting = z.object({
  key: z.enum(GATEWAY_SETTING_KEYS),
  required: z.boolean(),
  secret: z.boolean(),
})
export const paymentGatewaysResponse = envelope(
  z.object({
    gateways: z.array(
      z.object({ gateway_code: z.string(), name: z.string(), fields: z.array(gatewaySetting) }),
    ),
  }),
)

/** Daily spending limit of a user payment config, in minor units of the option's currency. */
export const MAX_DAILY_LIMIT = 1_000_000_000_000
const dailyLimit = z
  .number({ error: 'Enter an amount' })
  .int('Use whole minor units')
  .min(0, 'Use zero or more')
  .max(MAX_DAILY_LIMIT, 'This limit is too large')

/** A member of the entity allowed to use one of its payment options, with an optional daily limit. */
export const userPaymentConfig = z.object({
  id: z.number().int(),
  user_uuid: z.string(),
  username: z.string(),
  user_name: z.string(),
  option_id: z.number().int(),
  option_display_name: z.string(),
  method_code: z.number().int(),
  gateway_code: z.string(),
  currency_code: z.string(),
  /** Minor units of currency_code; null means no limit. */
  daily_limit: z.number().int().nullable(),
  is_enabled: z.boolean(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type UserPaymentConfig = z.infer<typeof userPaymentConfig>
export const userPaymentConfigResponse = envelope(userPaymentConfig)

export const userPaymentConfigCreateRequest = z.strictObject({
  user_uuid: z.string({ error: 'Choose a user' }).trim().min(1, 'Choose a user').max(64),
  option_id: z.number({ error: 'Choose a payment option' }).int().positive('Choose a payment option'),
  daily_limit: dailyLimit.nullable().default(null),
  is_enabled: z.boolean().default(true),
})
export type UserPaymentConfigCreateRequest = z.input<typeof userPaymentConfigCreateRequest>

export const userPaymentConfigFilterRequest = z.strictObject({
  ...paging,
  user_uuid: z.string().trim().min(1).max(64).optional(),
  option_id: z.number().int().positive().optional(),
  is_enabled: z.boolean().optional(),
})
export type UserPaymentConfigFilterRequest = z.input<typeof userPaymentConfigFilterRequest>
export const userPaymentConfigFilterResponse = envelope(
  z.object({ configs: z.array(userPaymentConfig), count: z.number().int() }),
)

/** PUT /payment/payment-configs/user-bulk: all entries are applied, or none. */
export const USER_BULK_MAX = 500
export const userPaymentConfigBulkRequest = z.strictObject({
  configs: z
    .array(
      z
        .strictObject({
          id: z.number({ error: 'Give the config id' }).int().positive('Give the config id'),
          is_enabled: z.boolean().optional(),
          daily_limit: dailyLimit.nullable().optional(),
        })
        .refine((c) => c.is_enabled !== undefined || c.daily_limit !== undefined, {
          message: 'Change is_enabled or daily_limit',
        }),
    )
    .min(1, 'Send at least one config')
    .max(USER_BULK_MAX, `Send at most ${USER_BULK_MAX} configs at once`),
})
export type UserPaymentConfigBulkRequest = z.input<typeof userPaymentConfigBulkRequest>
export const userPaymentConfigBulkResponse = envelope(z.object({ configs: z.array(userPaymentConfig) }))

/** Members of the entity a user payment config can be given to (the portal's picker). */
export const paymentMembersQuery = z.strictObject({
  query: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
})
export const paymentMembersResponse = envelope(
  z.object({ users: z.array(z.object({ user_uuid: z.string(), name: z.string(), username: z.string() })) }),
)

/**
 * An amount typed in major units ('12.50') as integer minor units of the currency (1250 for SGD); null when it is
 * not a non-negative amount with at most the currency's decimals. No floating point: the digits are joined.
 */
export function minorUnitsFromText(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency)
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(text.trim().replace(/,/g, ''))
  if (!match) return null
  const whole = match[1] ?? '0'
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return null
  return Number(whole + fraction.padEnd(digits, '0'))
}

/** Integer minor units as the plain major-unit text an input shows (1250 SGD → '12.50'). */
export function minorUnitsToText(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency)
  if (digits === 0) return String(minor)
  const text = String(Math.abs(minor)).padStart(digits + 1, '0')
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** The card types an option offers by default when a card method is chosen in the portal. */
export const DEFAULT_CARD_PAYMENT_TYPES: readonly CardPaymentType[] = [CardPaymentType.credit_card]
