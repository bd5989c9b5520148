import type { MachineDetail, MachineFilterData } from '@portal/contract'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../seed/machine-keys'
import { portalApi } from './portal-api'
import { DEMO_MACHINE_TIMING, SimulatedMachine } from './simulated-machine'

/**
 * `npm run simulate -- --machines N` (issue 15): the signed-in user's entity's last N machines (never TCN-2102-000001, whose
 * demo key belongs to clients outside this repository), their slots read through the portal's API, each driven by a
 * SimulatedMachine with its demo key; the user is the maintainer who refills them. Ctrl-C stops them, their last
 * events sent.
 */
export async function runMachines(options: {
  count: number
  url: string
  user: string
  password: string
  vendSeconds: [number, number]
}): Promise<void> {
  if (!Number.isInteger(options.count) || options.count < 1)
    throw new Error('--machines: a whole number of machines, 1 or more')
  const base = new URL(options.url)
  const api = portalApi(base)
  const login = await api<{ token: string; user_uuid: string; entity_code: string }>(
    '/api/main/iam/login',
    undefined,
    { username: options.user, password: options.password },
  )
  // From the end of the list: `npm start`'s demo fleet drives the first machines, and two simulators polling for
  // one machine would share its commands.
  const all: MachineFilterData['machines'] = []
  for (let offset = 0; ; offset += 100) {
    const page = await api<MachineFilterData>('/api/main/iot/machines/filter', login.token, {
      limit: 100,
      offset,
    })
    all.push(...page.machines.filter((m) => m.serial_number !== DEMO_MACHINE_SERIAL))
    if (page.machines.length < 100) break
  }
  const chosen = all.sort((a, b) => b.machine_id - a.machine_id).slice(0, options.count)
  const fleet: SimulatedMachine[] = []
  for (const m of chosen) {
    const detail = await api<MachineDetail>(`/api/main/iot/machines/${String(m.machine_id)}`, login.token)
    if (detail.items.length === 0) continue
    const machine = new SimulatedMachine({
      baseUrl: base.origin,
      apiKey: demoMachineKey(login.entity_code, m.serial_number),
      name: m.serial_number,
      slots: detail.items.map((i) => ({
        slot_no: i.slot_no,
        price: i.price,
        sku_id: i.sku_id,
        stock: i.stock,
        capacity: i.capacity,
        enabled: i.is_enabled,
      })),
      maintainers: [login.user_uuid],
      timing: { ...DEMO_MACHINE_TIMING, vendEveryS: options.vendSeconds, statusEveryS: 60, flushEveryS: 5 },
      log: (line) => console.warn(line),
    })
    machine.start()
    fleet.push(machine)
    console.warn(`${m.serial_number}: reporting (${String(detail.items.length)} slots)`)
  }
  console.warn(
    `${String(fleet.length)} simulated machines running against ${base.origin}; Ctrl-C stops them.`,
  )
  const stop = async () => {
    await Promise.all(fleet.map((m) => m.stop()))
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}
