import type { APIRequestContext } from '@playwright/test'
import type { MachineDetail, MachineFilterData } from '@portal/contract'
import { demoMachineKey } from '../../apps/server/src/seed/machine-keys'
import { SimulatedMachine } from '../../apps/server/src/simulator/simulated-machine'
import { DEMO_PASSWORD } from './support'

/**
 * A VEND demo machine, read as the vending operator: the one at `offset` of the machines list. Tests that drive
 * machines take one far down the list, each its own, apart from the first machines other tests read and change.
 */
export async function vendingMachineAt(
  request: APIRequestContext,
  baseURL: string,
  offset: number,
): Promise<MachineDetail> {
  const login = await request.post(`${baseURL}/api/main/iam/login`, {
    data: { username: 'vending', password: DEMO_PASSWORD },
  })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const headers = { authorization: `Token ${token}` }
  const list = await request.post(`${baseURL}/api/main/iot/machines/filter`, {
    headers,
    data: { limit: 1, offset },
  })
  const [row] = ((await list.json()) as { data: MachineFilterData }).data.machines
  if (!row) throw new Error(`no demo machine at offset ${String(offset)}`)
  const detail = await request.get(`${baseURL}/api/main/iot/machines/${String(row.machine_id)}`, { headers })
  return ((await detail.json()) as { data: MachineDetail }).data
}

/**
 * The machine as a simulated one, driven step by step by the test (no timers), with its demo key. Its random source
 * always picks the first choice (a sale paid with PayNow, from its first slot), so nothing depends on chance.
 */
export function simulatedMachineOf(baseURL: string, m: MachineDetail): SimulatedMachine {
  return new SimulatedMachine({
    baseUrl: baseURL,
    apiKey: demoMachineKey('VEND', m.serial_number),
    name: m.serial_number,
    slots: m.items.map((i) => ({
      slot_no: i.slot_no,
      price: i.price,
      sku_id: i.sku_id,
      stock: Math.max(i.stock, 5),
      capacity: Math.max(i.capacity, 5),
      enabled: true,
    })),
    random: () => 0,
  })
}
