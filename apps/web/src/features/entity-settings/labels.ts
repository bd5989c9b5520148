import { findIntegrationType, INTEGRATION_GATEWAYS } from '@portal/contract'
import type { TFunction } from 'i18next'

/** An integration type's name in the interface language (the contract's English name when untranslated). */
export function typeName(t: TFunction, code: string): string {
  return t(`entitySettings.integrationTypes.${code}`, {
    defaultValue: findIntegrationType(code)?.name ?? code,
  })
}

/** A provider's name (a brand: not translated). */
export function integrationGatewayName(typeCode: string, gatewayName: string): string {
  return (
    INTEGRATION_GATEWAYS.find((g) => g.gateway_name === gatewayName && g.type_code === typeCode)?.name ??
    gatewayName
  )
}
