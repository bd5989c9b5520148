import type { MachineFilterRequest } from '@portal/contract'
import { machineFilterResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /iot/machines/filter (B §7): a page of the entity's machines and the total. */
export const filterMachines = (body: MachineFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/machines/filter', body, machineFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)
