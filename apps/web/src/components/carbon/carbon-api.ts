import type {
  CarbonDashboard,
  CarbonInvoiceFilterData,
  CarbonInvoiceFilterRequest,
  CarbonPartnerFilterData,
  CarbonPayoutFilterData,
  CarbonProgrammeData,
  CarbonRecordFilterData,
  CarbonPartnerFilterRequest,
  CarbonPayoutFilterRequest,
  CarbonRecordFilterRequest,
  CarbonRecordFiltersInput,
} from '@portal/contract'
import {
  carbonDashboardResponse,
  carbonInvoiceFilterResponse,
  carbonPartnerFilterResponse,
  carbonPayoutFilterResponse,
  carbonProgrammeResponse,
  carbonRecordFilterResponse,
} from '@portal/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { carbonKeys } from './carbon-keys'

/*
 * The carbon calls the carbon and CRX screens share (docs/decisions/0027-carbon-credits.md); their keys come from
 * `carbonKeys`. The lists take the fetchers (`useList` owns their queries); the hooks serve the rest.
 */

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {})

export const fetchCarbonRecords = (body: CarbonRecordFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/carbon/records/filter', body, carbonRecordFilterResponse, signalOf(signal))
    .then((r): CarbonRecordFilterData => r.data)

export const fetchCarbonPayouts = (body: CarbonPayoutFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/carbon/payouts/filter', body, carbonPayoutFilterResponse, signalOf(signal))
    .then((r): CarbonPayoutFilterData => r.data)

export const fetchCarbonInvoices = (body: CarbonInvoiceFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/carbon/invoices/filter', body, carbonInvoiceFilterResponse, signalOf(signal))
    .then((r): CarbonInvoiceFilterData => r.data)

export const fetchCarbonPartners = (body: CarbonPartnerFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/carbon/partners/filter', body, carbonPartnerFilterResponse, signalOf(signal))
    .then((r): CarbonPartnerFilterData => r.data)

/** The caller's programme, its side in it, and the records filters' options. */
export function useCarbonProgramme() {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonProgrammeData>({
      queryKey: carbonKeys.programme(entityCode),
      queryFn: ({ signal }) =>
        mainApi.get('/carbon/programme', carbonProgrammeResponse, { signal }).then((r) => r.data),
      staleTime: 60_000,
    }),
  )
}

export function useCarbonDashboard(filters: CarbonRecordFiltersInput) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonDashboard>({
      queryKey: carbonKeys.dashboard(entityCode, filters),
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/records/dashboard', filters, carbonDashboardResponse, { signal })
          .then((r) => r.data.dashboard),
      placeholderData: keepPreviousData,
    }),
  )
}

/** Payouts outside a list: the history's tiles (the totals of every payout of the role). */
export function useCarbonPayouts(body: CarbonPayoutFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonPayoutFilterData>({
      queryKey: carbonKeys.payouts(entityCode, body),
      queryFn: ({ signal }) => fetchCarbonPayouts(body, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  )
}
