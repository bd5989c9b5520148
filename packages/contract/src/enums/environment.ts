import { defineCatalogue, type ValueOf } from '../catalogue'

/** Deployment environments (`PORTAL_ENV`): A §9 lists dev, prod and staging; DESIGN adds uat. */
export const Environment = { dev: 'dev', uat: 'uat', staging: 'staging', prod: 'prod' } as const
export type Environment = ValueOf<typeof Environment>

export const environments = defineCatalogue('environment', [
  [Environment.dev, 'Development'],
  [Environment.uat, 'UAT'],
  [Environment.staging, 'Staging'],
  [Environment.prod, 'Production'],
])

export type NavTone = 'blue' | 'gray' | 'teal'

/** A §2: a navigation item's background is blue in development, gray in UAT, otherwise teal. */
export function navToneOf(environment: string): NavTone {
  if (environment === Environment.dev) return 'blue'
  if (environment === Environment.uat) return 'gray'
  return 'teal'
}
