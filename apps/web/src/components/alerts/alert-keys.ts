import type { AlertFilterRequest } from '@portal/contract'

/**
 * Every query key of the alerts, defined once: the bell, the list, the detail, the machine and charger links and the
 * rules tab share them, so an action on one alert refreshes the others through `alertKeys.lists`, `counts` and
 * `summaries`.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  lists: ['alerts', 'filter'] as const,
  list: (entityCode: string | null, body: AlertFilterRequest) =>
    [...alertKeys.lists, entityCode, body] as const,
  /** The open-alert counts of one machine or charger (its page's link). */
  counts: ['alerts', 'count'] as const,
  count: (entityCode: string | null, subject: AlertSubjectFilter) =>
    [...alertKeys.counts, entityCode, subject] as const,
  summaries: ['alerts', 'summary'] as const,
  summary: (entityCode: string | null) => [...alertKeys.summaries, entityCode] as const,
  detail: (entityCode: string | null, id: number) => [...alertKeys.all, 'detail', entityCode, id] as const,
  rules: (entityCode: string | null) => [...alertKeys.all, 'rules', entityCode] as const,
  subscription: (entityCode: string | null) => [...alertKeys.all, 'subscription', entityCode] as const,
}

/** The alerts of one machine or one charger (its uid). */
export type AlertSubjectFilter = { machine_id: number } | { charge_point: string }
