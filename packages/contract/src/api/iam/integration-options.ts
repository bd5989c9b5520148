import { z } from 'zod'
import { envelope, epochMs, paging } from '../envelope'
import { type FieldIssue, secretInput } from '../payment/payment-configs'
import { isMaskedSecret } from '../payment/secrets'

/** The policy that opens integration options in entity settings (the same three levels as payment configuration). */
export const INTEGRATION_OPTIONS_POLICY = { app_code: 'iam', resource_code: 'integration-options/*' } as const

/** How an integration setting is typed and checked; secret settings are write-only (masked in answers). */
export type IntegrationFieldKind = 'text' | 'url' | 'email' | 'secret'

export interface IntegrationField {
  readonly key: string
  readonly kind: IntegrationFieldKind
  readonly required: boolean
}

export interface IntegrationType {
  readonly type_code: string
  readonly name: string
  /** The settings an option of this type holds; any other setting is refused. */
  readonly fields: readonly IntegrationField[]
}

export interface IntegrationGateway {
  readonly gateway_name: string
  readonly name: string
  readonly type_code: string
}

const field = (key: string, kind: IntegrationFieldKind, required = true): IntegrationField => ({
  key,
  kind,
  required,
})

/**
 * The kinds of outside system an entity can connect (A §7's integration config types). The spec names neither
 * the types nor their settings; these are ours (docs/decisions/0013-payment-and-integration-options.md).
 */
export const INTEGRATION_TYPES: readonly IntegrationType[] = [
  {
    type_code: 'sms',
    name: 'SMS',
    fields: [field('account_id', 'text'), field('sender_id', 'text'), field('auth_token', 'secret')],
  },
  {
    type_code: 'email',
    name: 'Email',
    fields: [field('from_address', 'email'), field('from_name', 'text', false), field('api_key', 'secret')],
  },
  {
    type_code: 'erp',
    name: 'ERP',
    fields: [
      field('base_url', 'url'),
      field('company_id', 'text'),
      field('username', 'text', false),
      field('password', 'secret'),
    ],
  },
  {
    type_code: 'webhook',
    name: 'Webhook',
    fields: [field('url', 'url'), field('signing_secret', 'secret')],
  },
  {
    type_code: 'crm',
    name: 'CRM',
    fields: [field('instance_url', 'url'), field('client_id', 'text'), field('client_secret', 'secret')],
  },
  {
    type_code: 'accounting',
    name: 'Accounting',
    fields: [field('tenant_id', 'text'), field('client_id', 'text'), field('client_secret', 'secret')],
  },
]

export const INTEGRATION_TYPE_CODES = ['sms', 'email', 'erp', 'webhook', 'crm', 'accounting'] as const
export type IntegrationTypeCode = (typeof INTEGRATION_TYPE_CODES)[number]

/** The providers of each type (GET /iam/integration-configs/gateway?type_code=…). */
export const INTEGRATION_GATEWAYS: readonly IntegrationGateway[] = [
  { type_code: 'sms', gateway_name: 'twilio', name: 'Twilio' },
  { type_code: 'sms', gateway_name: 'vonage', name: 'Vonage' },
  { type_code: 'sms', gateway_name: '8x8', name: '8x8' },
  { type_code: 'email', gateway_name: 'ses', name: 'Amazon SES' },
  { type_code: 'email', gateway_name: 'sendgrid', name: 'SendGrid' },
  { type_code: 'erp', gateway_name: 'sap-b1', name: 'SAP Business One' },
  { type_code: 'erp', gateway_name: 'netsuite', name: 'Oracle NetSuite' },
  { type_code: 'webhook', gateway_name: 'generic', name: 'Generic HTTPS' },
  { type_code: 'crm', gateway_name: 'salesforce', name: 'Salesforce' },
  { type_code: 'crm', gateway_name: 'hubspot', name: 'HubSpot' },
  { type_code: 'accounting', gateway_name: 'xero', name: 'Xero' },
  { type_code: 'accounting', gateway_name: 'quickbooks', name: 'QuickBooks Online' },
]

export function findIntegrationType(code: string): IntegrationType | undefined {
  return INTEGRATION_TYPES.find((t) => t.type_code === code)
}

export function integrationGatewaysFor(typeCode: string): IntegrationGateway[] {
  return INTEGRATION_GATEWAYS.filter((g) => g.type_code === typeCode)
}

const typeCode = z.enum(INTEGRATION_TYPE_CODES, { error: 'Choose an integration type' })

/** POST /iam/integration-options/create and PUT /iam/integration-options/{id}. */
export const integrationOptionWriteRequest = z.strictObject({
  type_code: typeCode,
  gateway_name: z.string({ error: 'Choose a gateway' }).trim().min(1, 'Choose a gateway').max(40),
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(120, 'Use at most 120 characters'),
  /** The type's settings by key; a secret left out or sent back masked keeps the stored one. */
  config: z.record(z.string().max(64), z.string().max(2000, 'Use at most 2000 characters').nullable()),
  is_enabled: z.boolean().default(true),
})
export type IntegrationOptionWriteRequest = z.input<typeof integrationOptionWriteRequest>
export type IntegrationOptionWrite = z.output<typeof integrationOptionWriteRequest>

const textValue = z
  .string()
  .trim()
  .max(200, 'Use at most 200 characters')
  .refine((v) => !/\p{Cc}/u.test(v), 'Use printable characters only')
const urlValue = z
  .url({ protocol: /^https$/, error: 'Enter an https:// address' })
  .max(500, 'Use at most 500 characters')
const emailValue = z.email('Enter a valid email address').max(200, 'Use at most 200 characters')

/**
 * The rules of an integration option that span fields: the gateway must belong to the type, the type's required
 * settings must be there (a secret may be kept from the stored option while the type stays the same), each
 * setting must be valid for its kind, and settings the type does not have are refused.
 */
export function integrationOptionIssues(
  input: IntegrationOptionWrite,
  stored: { type_code: string; secrets: ReadonlySet<string> } | null,
): FieldIssue[] {
  const issues: FieldIssue[] = []
  const type = findIntegrationType(input.type_code)
  if (!type) return [{ path: 'type_code', message: 'Unknown integration type' }]
  if (!integrationGatewaysFor(type.type_code).some((g) => g.gateway_name === input.gateway_name))
    issues.push({ path: 'gateway_name', message: `Not a gateway for ${type.name}` })
  for (const key of Object.keys(input.config)) {
    if (!type.fields.some((f) => f.key === key))
      issues.push({ path: `config.${key}`, message: `Not a setting of ${type.name}` })
  }
  const keepable = stored !== null && stored.type_code === type.type_code
  for (const f of type.fields) {
    const path = `config.${f.key}`
    const raw = input.config[f.key]
    const value = typeof raw === 'string' ? raw.trim() : raw
    if (
      f.kind === 'secret' &&
      (value === undefined || (typeof value === 'string' && isMaskedSecret(value)))
    ) {
      const kept = keepable && stored.secrets.has(f.key)
      if (!kept && (f.required || value !== undefined))
        issues.push({
          path,
          message: value === undefined ? `Required for ${type.name}` : 'Enter the new value',
        })
      continue
    }
    if (value === undefined || value === null || value === '') {
      if (f.required) issues.push({ path, message: `Required for ${type.name}` })
      continue
    }
    const schema =
      f.kind === 'secret'
        ? secretInput
        : f.kind === 'url'
          ? urlValue
          : f.kind === 'email'
            ? emailValue
            : textValue
    const parsed = schema.safeParse(value)
    if (!parsed.success) issues.push({ path, message: parsed.error.issues[0]?.message ?? 'Invalid value' })
  }
  return issues
}

/** An outside system connected to the entity; secret settings are answered masked ('••••3f9a'). */
export const integrationOption = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  type_code: z.string(),
  gateway_name: z.string(),
  name: z.string(),
  config: z.record(z.string(), z.string()),
  is_enabled: z.boolean(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type IntegrationOption = z.infer<typeof integrationOption>
export const integrationOptionResponse = envelope(integrationOption)

export const integrationOptionFilterRequest = z.strictObject({
  ...paging,
  type_code: typeCode.optional(),
})
export type IntegrationOptionFilterRequest = z.input<typeof integrationOptionFilterRequest>
export const integrationOptionFilterResponse = envelope(
  z.object({ options: z.array(integrationOption), count: z.number().int() }),
)

const integrationFieldSchema = z.object({
  key: z.string(),
  kind: z.enum(['text', 'url', 'email', 'secret']),
  required: z.boolean(),
})
export const integrationTypeSchema = z.object({
  type_code: z.string(),
  name: z.string(),
  fields: z.array(integrationFieldSchema),
})
export const integrationTypesResponse = envelope(z.object({ types: z.array(integrationTypeSchema) }))
export const integrationTypeResponse = envelope(integrationTypeSchema)
export const integrationTypeParams = z.strictObject({ code: z.string().trim().min(1).max(40) })

export const integrationGatewaySchema = z.object({
  gateway_name: z.string(),
  name: z.string(),
  type_code: z.string(),
})
export const integrationGatewaysQuery = z.strictObject({ type_code: typeCode })
export const integrationGatewayQuery = z.strictObject({ type_code: typeCode.optional() })
export const integrationGatewaysResponse = envelope(z.object({ gateways: z.array(integrationGatewaySchema) }))
export const integrationGatewayResponse = envelope(integrationGatewaySchema)
export const integrationGatewayParams = z.strictObject({ name: z.string().trim().min(1).max(40) })
