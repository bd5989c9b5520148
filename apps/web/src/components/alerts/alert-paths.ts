import type { AlertStatus } from '@portal/contract'
import type { AlertSubjectFilter } from './alert-keys'

export const ALERTS_PATH = '/alerts'

/** What "not resolved yet" means: the list's default status, the bell's count and the pages' links. */
export const UNRESOLVED: readonly AlertStatus[] = ['open', 'acknowledged']

export const alertPath = (id: number) => `${ALERTS_PATH}/${String(id)}`

/** The list filtered to one machine or one charger (the URL keys the list reads). */
export function alertsHref(subject: AlertSubjectFilter): string {
  const params = new URLSearchParams(
    'machine_id' in subject
      ? { machine_id: String(subject.machine_id) }
      : { charge_point: subject.charge_point },
  )
  return `${ALERTS_PATH}?${params.toString()}`
}
