import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { integrationFilterBody } from './integration-options-tab'
import { paymentOptionForm } from './payment-option-form'
import { paymentOptionFilterBody } from './payment-options-tab'
import { addUserForm, userConfigFilterBody } from './user-configs-card'

const page = { limit: 20, offset: 40 }

/** The first message of each field of a failed parse, by its dotted path. */
function messages(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  const out: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message
  return out
}

const blankDraft = {
  method_code: '',
  gateway_code: '',
  display_name: '',
  currency_code: 'SGD',
  is_enabled: true,
  config: {
    flow_type: '',
    card_payment_types: [],
    merchant_id: '',
    terminal_id: '',
    api_key: '',
    secret: '',
  },
}

describe('the list requests', () => {
  it('sends only the filters that are set, with the page window', () => {
    expect(paymentOptionFilterBody(listStateOf({ method: '', enabled: '' }), page)).toEqual(page)
    expect(paymentOptionFilterBody(listStateOf({ method: 6, enabled: 'no' }), page)).toEqual({
      ...page,
      method_code: 6,
      is_enabled: false,
    })
    expect(integrationFilterBody(listStateOf({ type: 'sms' }), page)).toEqual({ ...page, type_code: 'sms' })
    // A type the contract does not know (a hand-written address) is not sent.
    expect(integrationFilterBody(listStateOf({ type: 'fax' }), page)).toEqual(page)
    expect(userConfigFilterBody(7, listStateOf({ enabled: 'yes' }), page)).toEqual({
      ...page,
      option_id: 7,
      is_enabled: true,
    })
  })
})

describe('the payment option form', () => {
  it('says beside each empty field what is missing, as the contract does', () => {
    const result = paymentOptionForm(null).safeParse(blankDraft)
    expect(messages(result)).toMatchObject({
      method_code: 'Choose a payment method',
      display_name: 'Enter a display name',
      'config.flow_type': 'Choose a payment flow type',
    })
  })

  it('checks the rules spanning fields: a gateway’s required secret, kept from the stored option', () => {
    const draft = {
      ...blankDraft,
      method_code: '6',
      gateway_code: 'nets',
      display_name: 'Kiosk QR',
      config: { ...blankDraft.config, flow_type: '2', merchant_id: '11137000999', terminal_id: 'QR000042' },
    }
    expect(messages(paymentOptionForm(null).safeParse(draft))).toEqual({
      'config.secret': 'Required by NETS',
    })
    const kept = paymentOptionForm({ gateway_code: 'nets', secrets: new Set(['secret']) }).safeParse(draft)
    expect(kept.success).toBe(true)
    expect(kept.data).toMatchObject({ method_code: 6, gateway_code: 'nets', config: { flow_type: 2 } })
  })
})

describe('the "Add user" form', () => {
  const form = addUserForm(9, 'SGD', 'Enter an amount in SGD')

  it('sends the member, the option and the limit in minor units (blank: no limit)', () => {
    expect(form.parse({ user_uuid: 'u-1', daily_limit: '12.50', is_enabled: true })).toEqual({
      user_uuid: 'u-1',
      option_id: 9,
      daily_limit: 1250,
      is_enabled: true,
    })
    expect(form.parse({ user_uuid: 'u-1', daily_limit: ' ', is_enabled: false }).daily_limit).toBeNull()
  })

  it('refuses an amount the currency cannot hold and a missing member', () => {
    expect(messages(form.safeParse({ user_uuid: 'u-1', daily_limit: '1.234', is_enabled: true }))).toEqual({
      daily_limit: 'Enter an amount in SGD',
    })
    expect(messages(form.safeParse({ user_uuid: '', daily_limit: '', is_enabled: true }))).toEqual({
      user_uuid: 'Choose a user',
    })
  })
})
