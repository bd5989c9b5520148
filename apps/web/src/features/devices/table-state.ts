import type { TableState } from '@/components/data-table/types'
import { isForbidden } from '@/lib/http'

/** 403 is the no-access state (B §4, §8); any other failure is an error with a retry. */
export function tableState(query: { isPending: boolean; isError: boolean; error: unknown }): TableState {
  if (query.isPending) return 'loading'
  if (query.isError) return isForbidden(query.error) ? 'forbidden' : 'error'
  return 'ready'
}
