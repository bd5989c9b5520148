import type { TariffListQuery } from '@portal/contract'
import { TARIFF_PAGE_SIZE } from '@portal/contract'

/*
 * The tariff list's next page (B §4, B §8): the list asks for a page of 25; only when the response's count equals
 * the page size does it probe whether a row follows; a failed probe means there is no next page.
 */

export const TARIFFS_PAGE_SIZE = TARIFF_PAGE_SIZE

/** B §4: a probe is needed only when the page came back full. */
export function shouldProbe(count: number, pageSize: number = TARIFFS_PAGE_SIZE): boolean {
  return count === pageSize
}

/** Where the probe is: not asked (yet), waiting, failed, or answered with how many rows it found. */
export type ProbeState = { status: 'pending' } | { status: 'error' } | { status: 'success'; count: number }

/**
 * Whether a next page exists: false for a short page (no probe), the probe's answer for a full one, false when the
 * probe failed (B §8), and undefined while the page or its probe is still loading.
 */
export function nextPageOf(
  count: number | undefined,
  probe: ProbeState | undefined,
  pageSize: number = TARIFFS_PAGE_SIZE,
): boolean | undefined {
  if (count === undefined) return undefined
  if (!shouldProbe(count, pageSize)) return false
  if (probe === undefined || probe.status === 'pending') return undefined
  if (probe.status === 'error') return false
  return probe.count > 0
}

/** The probe's query: the same filters, one row right after the page. */
export function probeQueryOf(query: TariffListQuery, pageSize: number = TARIFFS_PAGE_SIZE): TariffListQuery {
  return { ...query, offset: (query.offset ?? 0) + pageSize, limit: 1 }
}
