import type { Generated, Selectable } from 'kysely'

/** A payment method of an entity, processed by one gateway; unique per (entity, method, gateway). */
export interface PaymentOptionTable {
  id: Generated<number>
  entity_code: string
  method_code: number
  gateway_code: string
  display_name: string
  currency_code: string
  /** 0/1. */
  is_enabled: number
  /** JSON of the settings that are not secret: merchant_id, terminal_id, flow_type, card_payment_types. */
  config: string
  /** JSON of the write-only settings (api_key, secret); read only to mask them or to keep them on an update. */
  secrets: string
  created_at: number
  updated_at: number
}

/** A member of the entity allowed to use one of its payment options; unique per (option, user). */
export interface UserPaymentConfigTable {
  id: Generated<number>
  entity_code: string
  option_id: number
  user_id: number
  /** Minor units of the option's currency; null means no limit. */
  daily_limit: number | null
  /** 0/1. */
  is_enabled: number
  created_at: number
  updated_at: number
}

export type PaymentOptionRow = Selectable<PaymentOptionTable>
export type UserPaymentConfigRow = Selectable<UserPaymentConfigTable>
