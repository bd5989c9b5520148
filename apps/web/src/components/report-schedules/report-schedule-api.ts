import type { ReportScheduleCreateRequest, ReportScheduleUpdateRequest } from '@portal/contract'
import {
  deletedResponse,
  reportRunResponse,
  reportScheduleListResponse,
  reportScheduleResponse,
} from '@portal/contract'
import { mainApi } from '@/lib/http'

/** Scheduled reports (issue 18, docs/decisions/0119-scheduled-reports.md): the caller's own. */
const BASE = '/report-schedules'
const one = (id: number) => `${BASE}/${String(id)}`

export const reportScheduleKeys = {
  all: ['report-schedules'] as const,
  list: (entityCode: string | null, body: { limit: number; offset: number }) =>
    [...reportScheduleKeys.all, entityCode, body] as const,
}

export const filterReportSchedules = (body: { limit: number; offset: number }, signal?: AbortSignal) =>
  mainApi
    .post(`${BASE}/filter`, body, reportScheduleListResponse, signal ? { signal } : {})
    .then((r) => r.data)

export const createReportSchedule = (body: ReportScheduleCreateRequest) =>
  mainApi.post(BASE, body, reportScheduleResponse).then((r) => r.data.schedule)

export const updateReportSchedule = (id: number, body: ReportScheduleUpdateRequest) =>
  mainApi.put(one(id), body, reportScheduleResponse).then((r) => r.data.schedule)

export const deleteReportSchedule = (id: number) =>
  mainApi.delete(one(id), deletedResponse).then((r) => r.data)

export const runReportSchedule = (id: number) =>
  mainApi.post(`${one(id)}/run`, {}, reportRunResponse).then((r) => r.data.run)
