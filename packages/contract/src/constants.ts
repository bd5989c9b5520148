/** Business constants and limits of A §9 and B §9. */

// Timing (A §9)
export const IDLE_TIMEOUT_S = 900
export const IDLE_REMINDER_S = 30
export const TOKEN_REFRESH_MS = 240_000
export const REFRESH_TOKEN_VALIDITY_DAYS = 7
export const TOAST_DEFAULT_TIMEOUT_MS = 100_000
export const POLICY_TOAST_MS = 5000
export const ERROR_TOAST_MS = 5000
export const RELOAD_GUARD_MS = 60_000
export const PENDING_MIN_MS = 200
export const TOOLTIP_HIDE_DELAY_MS = 300
export const SCROLL_DURATION_MS = 300
export const LANGUAGE_COOKIE_DAYS = 365
export const ENTITY_CHILD_CHECK_LIMIT = 1
export const ENTITY_LIST_LIMIT = 1000

// Interface constants (A §9)
export const MODAL_SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const
export type ModalSize = (typeof MODAL_SIZES)[number]
export const MODAL_DEFAULT_SIZE: ModalSize = '3xl'

export const TOOLTIP_DEFAULTS = { placement: 'bottom-start', distance: 5, skid: 0 } as const

export const INITIALS_LETTERS = 2

export const BUTTON_VARIANTS = [
  'primary',
  'primaryBasic',
  'secondary',
  'secondaryBasic',
  'info',
  'infoBasic',
  'positive',
  'positiveBasic',
  'warning',
  'warningBasic',
  'error',
  'errorBasic',
  'disabled',
  'classic',
] as const
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number]

export const BUTTON_SIZES = ['sm', 'md', 'lg', 'xl', '2xl'] as const
export type ButtonSize = (typeof BUTTON_SIZES)[number]

export const BUTTON_DEFAULT_TYPE = 'button'

export const LOADER_VARIANTS = ['primary', 'info', 'positive', 'warning', 'error', 'secondary'] as const
export type LoaderVariant = (typeof LOADER_VARIANTS)[number]

/** Responsive breakpoints in px (the Tailwind defaults). */
export const BREAKPOINTS = { sm: 640, lg: 1024, xl: 1280, '2xl': 1536 } as const

/** Page sizes of the lists (B §9). */
export const PAGE_SIZES = {
  templates: 25,
  /** Drivers are sliced on the client, 10 a page. */
  drivers: 10,
  driversDashboard: 20,
  machineOrderItems: 50,
  machines: 20,
  testResults: 25,
  maintenanceSummaries: 25,
  transactions: 50,
  skus: 25,
  tcnDevices: 50,
  dashboardDevices: 25,
  locations: 20,
  chargingSessions: 20,
  tariffs: 25,
  campaigns: 5,
  cases: 20,
  persons: 20,
  employees: 20,
  payouts: 50,
  invoices: 50,
  creditLogs: 50,
} as const
export type PageSizeKey = keyof typeof PAGE_SIZES
