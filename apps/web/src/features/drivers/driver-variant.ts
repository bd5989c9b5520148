import { useLocation } from 'react-router'

/**
 * The two driver screen families share their pages (A §2): the voltnet dashboard under /drivers, served by
 * `/v2/dashboard/drivers`, and the limousine fleet under /limo/drivers, served by `/v2/eleccalimo/drivers`.
 */
export type DriverVariant = 'dashboard' | 'limo'

export interface DriverVariantConfig {
  variant: DriverVariant
  /** The list's route; the add page is `${listPath}/add-drivers`, a driver `${listPath}/{driverId}`. */
  listPath: string
  /** The bus service's path of the calls. */
  apiBase: string
  /** Whether the screens show and send subscribed CPO entities (the voltnet EMSP's drivers roam on CPOs). */
  subscriptions: boolean
}

export const DRIVER_VARIANTS: Record<DriverVariant, DriverVariantConfig> = {
  dashboard: {
    variant: 'dashboard',
    listPath: '/drivers',
    apiBase: '/v2/dashboard/drivers',
    subscriptions: true,
  },
  limo: {
    variant: 'limo',
    listPath: '/limo/drivers',
    apiBase: '/v2/eleccalimo/drivers',
    subscriptions: false,
  },
}

export function variantOfPath(pathname: string): DriverVariantConfig {
  return pathname.startsWith('/limo/') ? DRIVER_VARIANTS.limo : DRIVER_VARIANTS.dashboard
}

/** The variant of the current route (the add and detail pages serve both). */
export function useDriverVariant(): DriverVariantConfig {
  return variantOfPath(useLocation().pathname)
}
