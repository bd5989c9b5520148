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

/*
 * The carbon calls the carbon and CRX screens share (docs/decisions/0027-carbon-credits.md). Every key starts with
 * `carbonKeys(entity)`, so a write (an emissions category) can refetch everything of the area at once.
 */

export const carbonKeys = (entityCode: string | null) => ['carbon', entityCode] as const

/** The caller's programme, its side in it, and the records filters' options. */
export function useCarbonProgramme() {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonProgrammeData>({
      queryKey: [...carbonKeys(entityCode), 'programme'],
      queryFn: ({ signal }) =>
        mainApi.get('/carbon/programme', carbonProgrammeResponse, { signal }).then((r) => r.data),
      staleTime: 60_000,
    }),
  )
}

export function useCarbonRecords(body: CarbonRecordFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonRecordFilterData>({
      queryKey: [...carbonKeys(entityCode), 'records', body],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/records/filter', body, carbonRecordFilterResponse, { signal })
          .then((r) => r.data),
      placeholderData: keepPreviousData,
    }),
  )
}

export function useCarbonDashboard(filters: CarbonRecordFiltersInput) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonDashboard>({
      queryKey: [...carbonKeys(entityCode), 'dashboard', filters],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/records/dashboard', filters, carbonDashboardResponse, { signal })
          .then((r) => r.data.dashboard),
      placeholderData: keepPreviousData,
    }),
  )
}

export function useCarbonPayouts(body: CarbonPayoutFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonPayoutFilterData>({
      queryKey: [...carbonKeys(entityCode), 'payouts', body],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/payouts/filter', body, carbonPayoutFilterResponse, { signal })
          .then((r) => r.data),
      placeholderData: keepPreviousData,
      enabled,
    }),
  )
}

export function useCarbonInvoices(body: CarbonInvoiceFilterRequest, enabled = true) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonInvoiceFilterData>({
      queryKey: [...carbonKeys(entityCode), 'invoices', body],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/invoices/filter', body, carbonInvoiceFilterResponse, { signal })
          .then((r) => r.data),
      placeholderData: keepPreviousData,
      enabled,
    }),
  )
}

export function useCarbonPartners(body: CarbonPartnerFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<CarbonPartnerFilterData>({
      queryKey: [...carbonKeys(entityCode), 'partners', body],
      queryFn: ({ signal }) =>
        mainApi
          .post('/carbon/partners/filter', body, carbonPartnerFilterResponse, { signal })
          .then((r) => r.data),
      placeholderData: keepPreviousData,
    }),
  )
}
