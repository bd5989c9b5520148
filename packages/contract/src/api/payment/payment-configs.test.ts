import { describe, expect, it } from 'vitest'
import { PaymentFlowType } from '../../enums/payment'
import { PaymentMethod, paymentMethods } from '../../enums/payment-method'
import {
  integrationGatewaysFor,
  integrationOptionIssues,
  integrationOptionWriteRequest,
  INTEGRATION_TYPE_CODES,
  INTEGRATION_TYPES,
} from '../iam/integration-options'
import {
  minorUnitsFromText,
  minorUnitsToText,
  paymentOptionIssues,
  paymentOptionWriteRequest,
  userPaymentConfigBulkRequest,
} from './payment-configs'
import {
  CARD_PAYMENT_METHODS,
  GATEWAYS_BY_METHOD,
  gatewaysForMethod,
  isCardMethod,
  PAYMENT_GATEWAYS,
} from './payment-gateways'
import { isMaskedSecret, maskSecret } from './secrets'

const stripeCard = (config: Record<string, unknown> = {}) =>
  paymentOptionWriteRequest.parse({
    method_code: PaymentMethod.CreditCard,
    gateway_code: 'stripe',
    display_name: 'Cards',
    config: {
      api_key: 'sk_test_1234567890abcdef',
      secret: 'whsec_1234567890',
      flow_type: PaymentFlowType.Dynamic,
      card_payment_types: ['credit_card'],
      ...config,
    },
  })

describe('payment gateways', () => {
  it('gives every payment method of the catalogue at least one known gateway', () => {
    expect(
      Object.keys(GATEWAYS_BY_METHOD)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...paymentMethods.values].sort((a, b) => a - b))
    for (const method of paymentMethods.values) {
      expect(gatewaysForMethod(method).length, `method ${method}`).toBeGreaterThan(0)
      expect(gatewaysForMethod(method)).toHaveLength(GATEWAYS_BY_METHOD[method].length)
    }
  })

  it('maps the methods the brief names to their gateways', () => {
    const codes = (m: number) => gatewaysForMethod(m).map((g) => g.gateway_code)
    expect(codes(PaymentMethod.CreditCard)).toEqual(['stripe', 'adyen', '2c2p'])
    expect(codes(PaymentMethod.PayNow)).toEqual(['dbs-paynow', 'ocbc-paynow'])
    expect(codes(PaymentMethod.Cepas)).toEqual(['nets-cepas'])
    expect(codes(PaymentMethod.Alipay)).toEqual(['alipay-plus', 'wechat-hk'])
    expect(codes(999)).toEqual([])
  })

  it('has unique gateway codes, each used by some method', () => {
    const codes = PAYMENT_GATEWAYS.map((g) => g.gateway_code)
    expect(new Set(codes).size).toBe(codes.length)
    const used = new Set(Object.values(GATEWAYS_BY_METHOD).flat())
    for (const code of codes) expect(used.has(code), code).toBe(true)
  })

  it('treats only the card methods as card methods', () => {
    expect(CARD_PAYMENT_METHODS.every(isCardMethod)).toBe(true)
    expect(isCardMethod(PaymentMethod.PayNow)).toBe(false)
  })
})

describe('secrets', () => {
  it('shows the last four characters of a long secret only', () => {
    expect(maskSecret('sk_live_0123456789abcdef3f9a')).toBe('••••3f9a')
    expect(maskSecret('short123')).toBe('••••')
    expect(isMaskedSecret('••••3f9a')).toBe(true)
    expect(isMaskedSecret('sk_live')).toBe(false)
  })
})

describe('payment option rules', () => {
  it('accepts a complete option', () => {
    expect(paymentOptionIssues(stripeCard(), null)).toEqual([])
  })

  it('refuses a gateway that does not process the method', () => {
    const input = { ...stripeCard(), gateway_code: 'nets-cepas' }
    expect(paymentOptionIssues(input, null)).toContainEqual({
      path: 'gateway_code',
      message: 'NETS CEPAS cannot process this payment method',
    })
  })

  it('names missing required settings and settings the gateway does not use', () => {
    const issues = paymentOptionIssues(stripeCard({ api_key: undefined, terminal_id: 'T1' }), null)
    expect(issues.map((i) => i.path).sort()).toEqual(['config.api_key', 'config.terminal_id'])
  })

  it('keeps a stored secret left out or sent back masked, for the same gateway only', () => {
    const kept = stripeCard({ api_key: undefined, secret: '••••7890' })
    const stored = { gateway_code: 'stripe', secrets: new Set(['api_key', 'secret']) }
    expect(paymentOptionIssues(kept, stored)).toEqual([])
    expect(paymentOptionIssues(kept, { ...stored, gateway_code: 'adyen' }).map((i) => i.path)).toEqual([
      'config.api_key',
      'config.secret',
    ])
    expect(paymentOptionIssues(stripeCard({ secret: null }), stored)).toContainEqual({
      path: 'config.secret',
      message: 'Required by Stripe',
    })
  })

  it('asks card methods for card payment types and refuses them elsewhere', () => {
    expect(paymentOptionIssues(stripeCard({ card_payment_types: [] }), null)).toContainEqual({
      path: 'config.card_payment_types',
      message: 'Choose at least one card payment type',
    })
    const paynow = paymentOptionWriteRequest.parse({
      method_code: PaymentMethod.PayNow,
      gateway_code: 'dbs-paynow',
      display_name: 'PayNow',
      config: {
        merchant_id: 'M1',
        api_key: 'key-12345678',
        flow_type: PaymentFlowType.Dynamic,
        card_payment_types: ['stripe'],
      },
    })
    expect(paymentOptionIssues(paynow, null)).toEqual([
      { path: 'config.card_payment_types', message: 'Card payment types apply to card methods only' },
    ])
  })

  it('validates field shapes with messages', () => {
    const r = paymentOptionWriteRequest.safeParse({
      method_code: 9999,
      gateway_code: '',
      display_name: ' ',
      currency_code: 'XXY',
      config: { flow_type: 16, api_key: 'short' },
    })
    expect(r.success).toBe(false)
    const paths = r.error?.issues.map((i) => i.path.join('.')).sort()
    expect(paths).toEqual([
      'config.api_key',
      'config.flow_type',
      'currency_code',
      'display_name',
      'gateway_code',
      'method_code',
    ])
  })

  it('needs something to change in every bulk entry', () => {
    const r = userPaymentConfigBulkRequest.safeParse({ configs: [{ id: 1, is_enabled: true }, { id: 2 }] })
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['configs.1'])
  })
})

describe('money in minor units', () => {
  it.each([
    ['12.50', 'SGD', 1250],
    ['12', 'SGD', 1200],
    ['1,000.5', 'SGD', 100050],
    ['500', 'JPY', 500],
    ['0.125', 'BHD', 125],
  ])('%s %s is %d', (text, currency, minor) => {
    expect(minorUnitsFromText(text, currency)).toBe(minor)
    expect(minorUnitsFromText(minorUnitsToText(minor, currency), currency)).toBe(minor)
  })

  it.each([
    ['1.234', 'SGD'],
    ['-1', 'SGD'],
    ['abc', 'SGD'],
    ['1.5', 'JPY'],
    ['', 'SGD'],
  ])('refuses %s %s', (text, currency) => {
    expect(minorUnitsFromText(text, currency)).toBeNull()
  })

  it('writes minor units as plain text', () => {
    expect(minorUnitsToText(5, 'SGD')).toBe('0.05')
    expect(minorUnitsToText(500, 'JPY')).toBe('500')
  })
})

describe('integration types', () => {
  it('has a gateway for every type, and the table and code list agree', () => {
    expect(INTEGRATION_TYPES.map((t) => t.type_code)).toEqual([...INTEGRATION_TYPE_CODES])
    for (const type of INTEGRATION_TYPES)
      expect(integrationGatewaysFor(type.type_code).length).toBeGreaterThan(0)
  })

  it('checks the settings of the type', () => {
    const input = integrationOptionWriteRequest.parse({
      type_code: 'webhook',
      gateway_name: 'twilio',
      name: 'Orders',
      config: { url: 'http://example.com/hook', extra: 'x' },
    })
    expect(integrationOptionIssues(input, null)).toEqual([
      { path: 'gateway_name', message: 'Not a gateway for Webhook' },
      { path: 'config.extra', message: 'Not a setting of Webhook' },
      { path: 'config.url', message: 'Enter an https:// address' },
      { path: 'config.signing_secret', message: 'Required for Webhook' },
    ])
  })

  it('keeps a stored secret of the same type', () => {
    const input = integrationOptionWriteRequest.parse({
      type_code: 'sms',
      gateway_name: 'twilio',
      name: 'SMS',
      config: { account_id: 'AC1', sender_id: 'KOPI', auth_token: '••••abcd' },
    })
    expect(integrationOptionIssues(input, { type_code: 'sms', secrets: new Set(['auth_token']) })).toEqual([])
    expect(integrationOptionIssues(input, null)).toEqual([
      { path: 'config.auth_token', message: 'Enter the new value' },
    ])
  })
})
