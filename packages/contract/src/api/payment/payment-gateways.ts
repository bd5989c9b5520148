import type { PaymentMethod } from '../../enums/payment-method'
import { PaymentMethod as M } from '../../enums/payment-method'

/** The gateway settings an entity payment option can hold; api_key and secret are write-only (masked in answers). */
export const GATEWAY_SETTING_KEYS = ['merchant_id', 'terminal_id', 'api_key', 'secret'] as const
export type GatewaySettingKey = (typeof GATEWAY_SETTING_KEYS)[number]
export const SECRET_GATEWAY_SETTINGS: readonly GatewaySettingKey[] = ['api_key', 'secret']

export interface GatewaySetting {
  readonly key: GatewaySettingKey
  readonly required: boolean
  readonly secret: boolean
}

export interface PaymentGateway {
  readonly gateway_code: string
  readonly name: string
  /** The settings this gateway uses; any other setting is refused. */
  readonly fields: readonly GatewaySetting[]
}

function gateway(
  gateway_code: string,
  name: string,
  required: readonly GatewaySettingKey[],
  optional: readonly GatewaySettingKey[] = [],
): PaymentGateway {
  const fields = GATEWAY_SETTING_KEYS.filter((k) => required.includes(k) || optional.includes(k)).map(
    (key) => ({ key, required: required.includes(key), secret: SECRET_GATEWAY_SETTINGS.includes(key) }),
  )
  return { gateway_code, name, fields }
}

const WALLET: readonly GatewaySettingKey[] = ['merchant_id', 'api_key', 'secret']

/**
 * The gateways a payment option can go through. The spec names none; these are the processors an operator in
 * Singapore and Malaysia would expect (docs/decisions/0013-payment-and-integration-options.md).
 */
export const PAYMENT_GATEWAYS: readonly PaymentGateway[] = [
  gateway('stripe', 'Stripe', ['api_key', 'secret'], ['merchant_id']),
  gateway('adyen', 'Adyen', ['merchant_id', 'api_key', 'secret']),
  gateway('2c2p', '2C2P', ['merchant_id', 'secret']),
  gateway('dbs-paynow', 'DBS PayNow', ['merchant_id', 'api_key'], ['secret']),
  gateway('ocbc-paynow', 'OCBC PayNow', ['merchant_id', 'api_key'], ['secret']),
  gateway('dbs-paylah', 'DBS PayLah!', ['merchant_id', 'api_key'], ['secret']),
  gateway('nets', 'NETS', ['merchant_id', 'terminal_id', 'secret'], ['api_key']),
  gateway('nets-cepas', 'NETS CEPAS', ['merchant_id', 'terminal_id', 'secret']),
  gateway('alipay-plus', 'Alipay+', WALLET),
  gateway('wechat-hk', 'WeChat Pay HK', WALLET),
  gateway('wechat-my', 'WeChat Pay MY', WALLET),
  gateway('grab', 'Grab', WALLET),
  gateway('shopee', 'ShopeePay', WALLET),
  gateway('razer', 'Razer Merchant Services', ['merchant_id', 'secret']),
  gateway('tng', "Touch 'n Go eWallet", WALLET),
  gateway('boost', 'Boost', WALLET),
  gateway('maybank', 'Maybank QRPay', ['merchant_id', 'api_key'], ['terminal_id']),
  gateway('octopus', 'Octopus', ['merchant_id', 'terminal_id'], ['secret']),
  gateway('presto', 'Presto', WALLET),
  gateway('tapay', 'TaPay', ['merchant_id', 'api_key']),
  gateway('gobiz', 'GoBiz', ['merchant_id', 'api_key']),
  gateway('zapp', 'Zapp', ['merchant_id', 'api_key']),
  gateway('mcash', 'MCash', ['merchant_id', 'api_key']),
  gateway('sarawak-pay', 'Sarawak Pay', ['merchant_id', 'secret']),
  gateway('gcash', 'GCash', WALLET),
  gateway('lazada', 'Lazada Pay', ['merchant_id', 'api_key']),
  gateway('activesg', 'ActiveSG', ['merchant_id', 'api_key']),
  gateway('xendit', 'Xendit', ['api_key'], ['merchant_id', 'secret']),
  gateway('midtrans', 'Midtrans', ['merchant_id', 'api_key'], ['secret']),
  gateway('paynet', 'PayNet DuitNow', ['merchant_id', 'api_key'], ['secret']),
  gateway('atome', 'Atome', ['merchant_id', 'api_key', 'secret']),
  gateway('straitsx', 'StraitsX', ['api_key', 'secret'], ['merchant_id']),
  gateway('ecard', 'ECard', ['merchant_id'], ['api_key']),
  gateway('sweetmag', 'Sweetmag', ['api_key'], ['merchant_id']),
  gateway('placewise', 'Placewise', ['api_key'], ['merchant_id']),
  gateway('internal', 'Portal (built in)', []),
  gateway('external', 'External device', [], ['terminal_id']),
]

/**
 * Which gateways can process each payment method (every method has at least one). Redemptions, machine credit and
 * the like are settled by the portal itself ('internal'); external terminals and cash by the device ('external').
 */
export const GATEWAYS_BY_METHOD: Readonly<Record<PaymentMethod, readonly string[]>> = {
  [M.Alipay]: ['alipay-plus', 'wechat-hk'],
  [M.WeChatPay]: ['alipay-plus', 'wechat-hk'],
  [M.PayNow]: ['dbs-paynow', 'ocbc-paynow'],
  [M.PayLah]: ['dbs-paylah'],
  [M.CreditCard]: ['stripe', 'adyen', '2c2p'],
  [M.NetsQr]: ['nets'],
  [M.Cepas]: ['nets-cepas'],
  [M.ShopeePay]: ['shopee'],
  [M.RazerPay]: ['razer'],
  [M.TouchNGo]: ['tng'],
  [M.Boost]: ['boost'],
  [M.MaybankQrPay]: ['maybank'],
  [M.Grab]: ['grab'],
  [M.Octopus]: ['octopus'],
  [M.Presto]: ['presto'],
  [M.TaPay]: ['tapay'],
  [M.GoBiz]: ['gobiz'],
  [M.Zapp]: ['zapp'],
  [M.MCash]: ['mcash'],
  [M.Redemption20]: ['internal'],
  [M.Redemption21]: ['internal'],
  [M.Redemption22]: ['internal'],
  [M.Redemption23]: ['internal'],
  [M.Redemption24]: ['internal'],
  [M.SarawakPay]: ['sarawak-pay'],
  [M.TokenNricRedemption]: ['internal'],
  [M.GCash]: ['gcash', '2c2p'],
  [M.ClosedLoopRedemption]: ['internal'],
  [M.Stripe]: ['stripe'],
  [M.WeChatPayMalaysia]: ['wechat-my'],
  [M.LazadaPay]: ['lazada'],
  [M.NusRedemption]: ['internal'],
  [M.CepasClosedLoop]: ['nets-cepas'],
  [M.ActiveSg]: ['activesg'],
  [M.RvsRedemption]: ['internal'],
  [M.Qris]: ['xendit', 'midtrans'],
  [M.GoPay]: ['midtrans'],
  [M.NetsCard]: ['nets'],
  [M.NetsFlashPay]: ['nets'],
  [M.DuitNow]: ['paynet'],
  [M.UnionPay]: ['adyen', '2c2p'],
  [M.Atome]: ['atome'],
  [M.AlipayPlus]: ['alipay-plus'],
  [M.ECard]: ['ecard'],
  [M.StraitsX]: ['straitsx'],
  [M.Detect]: ['internal'],
  [M.ExternalTerminal]: ['external'],
  [M.MachineCredit]: ['internal'],
  [M.ExternalCash]: ['external'],
  [M.ExternalCashless]: ['external'],
  [M.Aggregate]: ['internal'],
  [M.PasscodeInput]: ['internal'],
  [M.Sweetmag]: ['sweetmag'],
  [M.Placewise]: ['placewise'],
  [M.HealthTrackerVerify]: ['internal'],
  [M.HealthTrackerPairing]: ['internal'],
}

/** Card methods: only they carry card payment types (A §9's card payment-type list), and must name at least one. */
export const CARD_PAYMENT_METHODS: readonly PaymentMethod[] = [M.CreditCard, M.Stripe, M.UnionPay]

export function isCardMethod(method: number): boolean {
  return (CARD_PAYMENT_METHODS as readonly number[]).includes(method)
}

export function findPaymentGateway(code: string): PaymentGateway | undefined {
  return PAYMENT_GATEWAYS.find((g) => g.gateway_code === code)
}

/** The gateways that can process a method, in the table's order; none for a value outside the catalogue. */
export function gatewaysForMethod(method: number): PaymentGateway[] {
  const codes = (GATEWAYS_BY_METHOD as Readonly<Record<number, readonly string[] | undefined>>)[method] ?? []
  return codes.map(findPaymentGateway).filter((g): g is PaymentGateway => g !== undefined)
}

export function gatewayServesMethod(gatewayCode: string, method: number): boolean {
  return gatewaysForMethod(method).some((g) => g.gateway_code === gatewayCode)
}
