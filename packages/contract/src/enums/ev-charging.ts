import { catalogueOfStrings, defineCatalogue, type ValueOf } from '../catalogue'

/*
 * The EV enumerations are OCPI/OCPP-style codes; the spec shows the codes themselves, so their labels are the codes
 * (except connector formats, whose labels the spec gives).
 */

export const EvseStatus = {
  AVAILABLE: 'AVAILABLE',
  BLOCKED: 'BLOCKED',
  CHARGING: 'CHARGING',
  OUTOFORDER: 'OUTOFORDER',
  RESERVED: 'RESERVED',
  UNKNOWN: 'UNKNOWN',
} as const
export type EvseStatus = ValueOf<typeof EvseStatus>

export const evseStatuses = catalogueOfStrings('EVSE status', Object.values(EvseStatus))

/** Connector / OCPP status. */
export const ConnectorStatus = {
  AVAILABLE: 'AVAILABLE',
  CHARGING: 'CHARGING',
  FAULTED: 'FAULTED',
  FINISHING: 'FINISHING',
  OCCUPIED: 'OCCUPIED',
  PREPARING: 'PREPARING',
  RESERVED: 'RESERVED',
  SUSPENDEDEV: 'SUSPENDEDEV',
  SUSPENDEDEVSE: 'SUSPENDEDEVSE',
  UNAVAILABLE: 'UNAVAILABLE',
  UNKNOWN: 'UNKNOWN',
} as const
export type ConnectorStatus = ValueOf<typeof ConnectorStatus>

export const connectorStatuses = catalogueOfStrings('connector status', Object.values(ConnectorStatus))

/** Charging session status (charging network, OCPI-style). */
export const ChargingSessionStatus = {
  CREATED: 'CREATED',
  STARTED: 'STARTED',
  STOPPED: 'STOPPED',
  ABORTED: 'ABORTED',
  RESERVED: 'RESERVED',
} as const
export type ChargingSessionStatus = ValueOf<typeof ChargingSessionStatus>

export const chargingSessionStatuses = catalogueOfStrings(
  'charging session status',
  Object.values(ChargingSessionStatus),
)

/** EV session status (bus network dashboard sessions). */
export const EvSessionStatus = {
  PENDING_PAYMENT: 'PENDING_PAYMENT',
  PENDING: 'PENDING',
  RESERVATION: 'RESERVATION',
  ACTIVE: 'ACTIVE',
  STOPPED: 'STOPPED',
  HOGGING: 'HOGGING',
  COMPLETED: 'COMPLETED',
  RESERVATION_FAILURE: 'RESERVATION_FAILURE',
  START_FAILURE: 'START_FAILURE',
  STOP_FAILURE: 'STOP_FAILURE',
} as const
export type EvSessionStatus = ValueOf<typeof EvSessionStatus>

export const evSessionStatuses = catalogueOfStrings('EV session status', Object.values(EvSessionStatus))

/** Charging stop/fail reasons (A §8, all 23). */
export const StopReason = {
  PRE_AUTH_AMOUNT_REACHED: 'PRE_AUTH_AMOUNT_REACHED',
  VEHICLE_MANUAL_STOP: 'VEHICLE_MANUAL_STOP',
  REMOTE_STOP: 'REMOTE_STOP',
  EMERGENCY_STOP: 'EMERGENCY_STOP',
  VEHICLE_BATTERY_LIMIT_REACHED: 'VEHICLE_BATTERY_LIMIT_REACHED',
  EVSE_OFFLINE: 'EVSE_OFFLINE',
  START_FAIL_PAY_INSUFFICIENT_FUNDS: 'START_FAIL_PAY_INSUFFICIENT_FUNDS',
  START_FAIL_PAY_EXPIRED_CARD: 'START_FAIL_PAY_EXPIRED_CARD',
  START_FAIL_PAY_CURRENCY_NOT_SUPPORTED: 'START_FAIL_PAY_CURRENCY_NOT_SUPPORTED',
  START_FAIL_PAY_GENERIC_FAILURE: 'START_FAIL_PAY_GENERIC_FAILURE',
  START_FAIL_PAY_EXCEEDED_CREDIT_LIMIT: 'START_FAIL_PAY_EXCEEDED_CREDIT_LIMIT',
  CHARGER_FAILURE: 'CHARGER_FAILURE',
  CHARGER_REJECTED: 'CHARGER_REJECTED',
  CHARGER_TIMEOUT: 'CHARGER_TIMEOUT',
  DUPLICATE_SESSION: 'DUPLICATE_SESSION',
  PAYMENT_TIMEOUT: 'PAYMENT_TIMEOUT',
  PAYMENT_FAILURE: 'PAYMENT_FAILURE',
  VOLTNET_TIMEOUT: 'VOLTNET_TIMEOUT',
  TRICKLE_CHARGE_STOP: 'TRICKLE_CHARGE_STOP',
  MAX_PRICE_REACHED: 'MAX_PRICE_REACHED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  PAYMENT_CANCELLED: 'PAYMENT_CANCELLED',
  UNKNOWN_PROTOCOL: 'UNKNOWN_PROTOCOL',
} as const
export type StopReason = ValueOf<typeof StopReason>

export const stopReasons = catalogueOfStrings('stop reason', Object.values(StopReason))

/** Connector standards: the full OCPI 2.2.1 ConnectorType list, in its order. */
export const ConnectorStandard = {
  CHADEMO: 'CHADEMO',
  CHAOJI: 'CHAOJI',
  DOMESTIC_A: 'DOMESTIC_A',
  DOMESTIC_B: 'DOMESTIC_B',
  DOMESTIC_C: 'DOMESTIC_C',
  DOMESTIC_D: 'DOMESTIC_D',
  DOMESTIC_E: 'DOMESTIC_E',
  DOMESTIC_F: 'DOMESTIC_F',
  DOMESTIC_G: 'DOMESTIC_G',
  DOMESTIC_H: 'DOMESTIC_H',
  DOMESTIC_I: 'DOMESTIC_I',
  DOMESTIC_J: 'DOMESTIC_J',
  DOMESTIC_K: 'DOMESTIC_K',
  DOMESTIC_L: 'DOMESTIC_L',
  GBT_AC: 'GBT_AC',
  GBT_DC: 'GBT_DC',
  IEC_60309_2_single_16: 'IEC_60309_2_single_16',
  IEC_60309_2_three_16: 'IEC_60309_2_three_16',
  IEC_60309_2_three_32: 'IEC_60309_2_three_32',
  IEC_60309_2_three_64: 'IEC_60309_2_three_64',
  IEC_62196_T1: 'IEC_62196_T1',
  IEC_62196_T1_COMBO: 'IEC_62196_T1_COMBO',
  IEC_62196_T2: 'IEC_62196_T2',
  IEC_62196_T2_COMBO: 'IEC_62196_T2_COMBO',
  IEC_62196_T3A: 'IEC_62196_T3A',
  IEC_62196_T3C: 'IEC_62196_T3C',
  NEMA_5_20: 'NEMA_5_20',
  NEMA_6_30: 'NEMA_6_30',
  NEMA_6_50: 'NEMA_6_50',
  NEMA_10_30: 'NEMA_10_30',
  NEMA_10_50: 'NEMA_10_50',
  NEMA_14_30: 'NEMA_14_30',
  NEMA_14_50: 'NEMA_14_50',
  PANTOGRAPH_BOTTOM_UP: 'PANTOGRAPH_BOTTOM_UP',
  PANTOGRAPH_TOP_DOWN: 'PANTOGRAPH_TOP_DOWN',
  TESLA_R: 'TESLA_R',
  TESLA_S: 'TESLA_S',
} as const
export type ConnectorStandard = ValueOf<typeof ConnectorStandard>

export const connectorStandards = catalogueOfStrings('connector standard', Object.values(ConnectorStandard))

export const ConnectorFormat = { SOCKET: 'SOCKET', CABLE: 'CABLE' } as const
export type ConnectorFormat = ValueOf<typeof ConnectorFormat>

export const connectorFormats = defineCatalogue('connector format', [
  [ConnectorFormat.SOCKET, 'Socket'],
  [ConnectorFormat.CABLE, 'Cable'],
])

export const PowerType = { AC_1_PHASE: 'AC_1_PHASE', AC_3_PHASE: 'AC_3_PHASE', DC: 'DC' } as const
export type PowerType = ValueOf<typeof PowerType>

export const powerTypes = catalogueOfStrings('power type', Object.values(PowerType))

/** The location filter's "any power type" option: `connector_power_type` is omitted when it is selected (B §7). */
export const POWER_TYPE_FILTER_ALL = 'ALL'

export const ChargeProtocol = {
  OCPI: 'OCPI',
  PLUGIT: 'PLUGIT',
  STARCHARGE: 'STARCHARGE',
  EVCS: 'EVCS',
  BB3_OCPP: 'BB3_OCPP',
  MODQTT: 'MODQTT',
  MOCK: 'MOCK',
  OMNI: 'OMNI',
  VIRTA: 'VIRTA',
  STEVE: 'STEVE',
  CHARGEPLUS: 'CHARGEPLUS',
  CHARGECO: 'CHARGECO',
  ONGRIZ: 'ONGRIZ',
} as const
export type ChargeProtocol = ValueOf<typeof ChargeProtocol>

export const chargeProtocols = catalogueOfStrings('charge protocol', Object.values(ChargeProtocol))

export const ParkingRestriction = {
  EV_ONLY: 'EV_ONLY',
  PLUGGED: 'PLUGGED',
  DISABLED: 'DISABLED',
  CUSTOMERS: 'CUSTOMERS',
  MOTORCYCLES: 'MOTORCYCLES',
} as const
export type ParkingRestriction = ValueOf<typeof ParkingRestriction>

export const parkingRestrictions = catalogueOfStrings(
  'parking restriction',
  Object.values(ParkingRestriction),
)

export const TariffComponentType = {
  ENERGY: 'ENERGY',
  FLAT: 'FLAT',
  PARKING_TIME: 'PARKING_TIME',
  TIME: 'TIME',
  RESERVATION: 'RESERVATION',
  RESERVATION_EXPIRES: 'RESERVATION_EXPIRES',
} as const
export type TariffComponentType = ValueOf<typeof TariffComponentType>

export const tariffComponentTypes = catalogueOfStrings(
  'tariff component type',
  Object.values(TariffComponentType),
)
