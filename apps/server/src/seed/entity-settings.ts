import { CardPaymentType, PaymentFlowType, PaymentMethod } from '@portal/contract'
import type { Db } from '../db/database'

/**
 * VEND's entity settings for the demo: three payment options (cards through Stripe, PayNow through DBS, CEPAS
 * through NETS), a user payment config, and an SMS integration through Twilio. The secrets are obviously fake.
 */
export async function seedEntitySettings(db: Db, now: number): Promise<void> {
  const options = [
    {
      method_code: PaymentMethod.CreditCard,
      gateway_code: 'stripe',
      display_name: 'Cards (Stripe)',
      config: {
        merchant_id: 'acct_demo_kopi',
        flow_type: PaymentFlowType.Dynamic,
        card_payment_types: [CardPaymentType.credit_card, CardPaymentType.stripe],
      },
      secrets: { api_key: 'sk_test_demo_0000000000003f9a', secret: 'whsec_demo_00000000000071c2' },
    },
    {
      method_code: PaymentMethod.PayNow,
      gateway_code: 'dbs-paynow',
      display_name: 'PayNow QR',
      config: { merchant_id: '201912345K', flow_type: PaymentFlowType.Dynamic, card_payment_types: [] },
      secrets: { api_key: 'dbs_demo_key_000000000000a1b2' },
    },
    {
      method_code: PaymentMethod.Cepas,
      gateway_code: 'nets-cepas',
      display_name: 'EZ-Link / NETS FlashPay card',
      config: {
        merchant_id: '11137000400',
        terminal_id: 'VEND0001',
        flow_type: PaymentFlowType.Terminal,
        card_payment_types: [],
      },
      secrets: { secret: 'nets_demo_secret_0000000009c4d' },
    },
  ]
  const ids: number[] = []
  for (const o of options) {
    const row = await db
      .insertInto('payment_option')
      .values({
        entity_code: 'VEND',
        method_code: o.method_code,
        gateway_code: o.gateway_code,
        display_name: o.display_name,
        currency_code: 'SGD',
        is_enabled: 1,
        config: JSON.stringify(o.config),
        secrets: JSON.stringify(o.secrets),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(row.id)
  }

  const finance = await db
    .selectFrom('app_user')
    .where('username', '=', 'finance')
    .select('id')
    .executeTakeFirst()
  const cepas = ids[2]
  if (finance && cepas !== undefined) {
    await db
      .insertInto('user_payment_config')
      .values({
        entity_code: 'VEND',
        option_id: cepas,
        user_id: finance.id,
        daily_limit: 5000,
        is_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute()
  }

  await db
    .insertInto('integration_option')
    .values({
      entity_code: 'VEND',
      type_code: 'sms',
      gateway_name: 'twilio',
      name: 'Restock alerts (SMS)',
      is_enabled: 1,
      config: JSON.stringify({ account_id: 'AC00000000000000000000000000demo', sender_id: 'KOPISNACK' }),
      secrets: JSON.stringify({ auth_token: 'twilio_demo_token_00000000e5f6' }),
      created_at: now,
      updated_at: now,
    })
    .execute()
}
