import type { ExportJobFilterRequest } from '@portal/contract'

/**
 * Every query key of the export jobs, defined once: the export button (one job while it runs) and the export
 * history (the list) share them, so a started or finished job refreshes the history through `exportKeys.lists`.
 */
export const exportKeys = {
  all: ['exports'] as const,
  lists: ['exports', 'filter'] as const,
  list: (entityCode: string | null, body: ExportJobFilterRequest) =>
    [...exportKeys.lists, entityCode, body] as const,
  job: (uuid: string | null) => [...exportKeys.all, 'job', uuid] as const,
}
