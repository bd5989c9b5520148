import { randomUUID } from 'node:crypto'
import type { DeliveredCommand, MachineEventResult } from '@portal/contract'
import { MACHINE_AUTH_SCHEME, MachineStatus, PaymentMethod, PaymentStatus } from '@portal/contract'

/*
 * A vending machine that reports through the machine API (issue 15, decisions 0108 and 0109), as a real one or its
 * gateway would: it sells from its slots with a realistic mix of payment methods, now and then fails a stage or hits
 * an error that clears, is refilled on maintenance visits, and carries out the commands it fetches by long poll. Its
 * events wait in a buffer sent every few seconds; a batch that fails stays for the next try, so nothing is lost while
 * the server is away. `npm run simulate -- --machines N` and `npm start`'s demo fleet drive these; a browser test
 * drives one step by step.
 */

export interface SimulatedSlot {
  slot_no: number
  /** Minor units. */
  price: number
  sku_id: number | null
  stock: number
  capacity: number
  enabled: boolean
}

export interface MachineTiming {
  /** Seconds between two sales, drawn between the two. */
  vendEveryS: readonly [number, number]
  /** Seconds between status reports (an error raised at one clears at the next). */
  statusEveryS: number
  /** Seconds between two sends of the buffered events. */
  flushEveryS: number
  /** Seconds a command takes to carry out. */
  commandS: readonly [number, number]
  /** The long poll's wait, seconds. */
  pollWaitS: number
}

/** A machine in a quiet office lobby: a sale every few minutes. */
export const DEMO_MACHINE_TIMING: MachineTiming = {
  vendEveryS: [90, 900],
  statusEveryS: 300,
  flushEveryS: 10,
  commandS: [1, 4],
  pollWaitS: 25,
}

/** How customers pay at a Singapore machine, by weight (QR wallets and cards lead, a little cash). */
const PAYMENT_MIX: readonly (readonly [number, number])[] = [
  [PaymentMethod.PayNow, 28],
  [PaymentMethod.CreditCard, 24],
  [PaymentMethod.Grab, 10],
  [PaymentMethod.NetsQr, 9],
  [PaymentMethod.Cepas, 8],
  [PaymentMethod.Alipay, 7],
  [PaymentMethod.WeChatPay, 6],
  [PaymentMethod.ExternalCash, 8],
]

/** How a sale ends, by weight: most dispense; now and then a stage fails or the customer walks away. */
type Ending = 'sold' | 'dispense-failed' | 'payment-failed' | 'timeout' | 'cancelled'
const ENDINGS: readonly (readonly [Ending, number])[] = [
  ['sold', 90],
  ['dispense-failed', 3],
  ['payment-failed', 2],
  ['timeout', 3],
  ['cancelled', 2],
]

/** A slot below this share of its capacity calls for a refill. */
const REFILL_BELOW = 0.2
/** The chance that a status report raises an error (the next report clears it). */
const ERROR_CHANCE = 0.04
/** At most this many events a request (the API takes 500). */
const MAX_BATCH = 500

export interface SimulatedMachineOptions {
  /** The portal's origin, e.g. http://127.0.0.1:3000. */
  baseUrl: string
  apiKey: string
  /** For the log. */
  name: string
  slots: readonly SimulatedSlot[]
  /** Members of the machine's entity who make the maintenance visits (user uuids); none: refills are counts. */
  maintainers?: readonly string[]
  timing?: MachineTiming
  random?: () => number
  log?: (line: string) => void
}

type Event = Record<string, unknown> & { event_id: string; occurred_at: number; type: string }

export class SimulatedMachine {
  readonly name: string
  readonly slots: SimulatedSlot[]
  /** Commands carried out, by id, with the result sent: a command delivered again is answered, not run again. */
  readonly done = new Map<number, { status: 'succeeded' | 'failed'; message: string }>()
  /** Every result reported, in order (tests read it). */
  readonly results: { id: number; command: string; status: string; message: string }[] = []
  private readonly buffer: Event[] = []
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly timing: MachineTiming
  private readonly random: () => number
  private readonly log: (line: string) => void
  private readonly polling = new AbortController()
  private running = false
  private erroring = false
  private serviceMode = false
  private sales = 0
  private flushing: Promise<void> | null = null
  private pollLoop: Promise<void> | null = null

  constructor(private readonly options: SimulatedMachineOptions) {
    this.name = options.name
    this.slots = options.slots.map((s) => ({ ...s }))
    this.timing = options.timing ?? DEMO_MACHINE_TIMING
    this.random = options.random ?? Math.random
    this.log = options.log ?? (() => undefined)
  }

  /** Reports Ready, then sells, reports and polls on its timers until stopped. */
  start(): void {
    if (this.running) return
    this.running = true
    this.reportStatus(this.readyStatus())
    void this.flush()
    this.every(this.timing.flushEveryS, () => void this.flush())
    this.every(this.timing.statusEveryS, () => this.statusTick())
    this.scheduleVend()
    this.pollLoop = this.pollForever()
  }

  /** Stops its timers and its poll, and sends what is still buffered. */
  async stop(): Promise<void> {
    this.running = false
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.polling.abort()
    await this.pollLoop?.catch(() => undefined)
    await this.flush()
  }

  /** Events waiting to be sent. */
  get pending(): number {
    return this.buffer.length
  }

  // --- What the machine reports -------------------------------------------------------------------------------------

  private push(type: string, fields: Record<string, unknown>): void {
    this.buffer.push({ event_id: randomUUID(), occurred_at: Date.now(), type, ...fields })
  }

  private readyStatus() {
    return {
      overall_status: this.serviceMode ? MachineStatus.Busy : MachineStatus.Ready,
      core_service_status: MachineStatus.Ready,
      machine_service_status: MachineStatus.Ready,
      payment_service_status: MachineStatus.Ready,
      reader_manager_status: MachineStatus.Ready,
    }
  }

  reportStatus(statuses: Partial<Record<string, number>>): void {
    this.push('status', statuses)
  }

  /** An error in the vending mechanism, cleared at the next status report (or `clearError`). */
  raiseError(): void {
    this.erroring = true
    this.reportStatus({ overall_status: MachineStatus.Error, machine_service_status: MachineStatus.Error })
  }

  clearError(): void {
    this.erroring = false
    this.reportStatus(this.readyStatus())
  }

  private statusTick(): void {
    if (this.erroring) this.clearError()
    else if (this.random() < ERROR_CHANCE) this.raiseError()
    else this.reportStatus(this.readyStatus())
  }

  /** One customer's purchase; returns its out trade no, or null when nothing can be sold. */
  vend(): string | null {
    if (this.erroring || this.serviceMode) return null
    const sellable = this.slots.filter((s) => s.enabled && s.stock > 0)
    if (sellable.length === 0) {
      this.refill()
      return null
    }
    const slot = sellable[Math.floor(this.random() * sellable.length)] ?? sellable[0]
    if (!slot) return null
    const ending = this.weighted(ENDINGS)
    const method = this.weighted(PAYMENT_MIX)
    this.sales++
    const outTradeNo = `SIM${String(Date.now())}${String(this.sales % 10_000).padStart(4, '0')}`
    const item: Record<string, unknown> = { slot_no: slot.slot_no, sku_id: slot.sku_id, price: slot.price }
    if (ending === 'sold') {
      item.status = PaymentStatus.Success
      slot.stock--
    } else if (ending === 'dispense-failed') {
      // Paid, then the spiral jammed: the payment is refunded by the machine's gateway.
      Object.assign(item, {
        status: PaymentStatus.StageFailed,
        failed_stage_no: 2,
        failed_stage_name: 'Dispense',
      })
    } else if (ending === 'payment-failed') {
      Object.assign(item, { status: PaymentStatus.Failed, failed_stage_no: 1, failed_stage_name: 'Payment' })
    } else {
      item.status = ending === 'timeout' ? PaymentStatus.Timeout : PaymentStatus.Cancelled
    }
    this.push('vend', {
      out_trade_no: outTradeNo,
      payment_method_code: method,
      payment_type_code: 'normal',
      items: [item],
    })
    if (slot.stock < slot.capacity * REFILL_BELOW) this.refill()
    return outTradeNo
  }

  /**
   * A maintainer's visit that fills every slot (start and end, tied by the visit's id), or, with no maintainer to
   * name, a count after a refill.
   */
  refill(): void {
    const added = this.slots
      .filter((s) => s.stock < s.capacity)
      .map((s) => ({ slot_no: s.slot_no, added_stock: s.capacity - s.stock }))
    if (added.length === 0) return
    for (const s of this.slots) s.stock = s.capacity
    const maintainers = this.options.maintainers ?? []
    const maintainer = maintainers[Math.floor(this.random() * maintainers.length)]
    if (maintainer === undefined) {
      this.push('stock', { slots: this.slots.map((s) => ({ slot_no: s.slot_no, quantity: s.stock })) })
      return
    }
    const session = randomUUID()
    this.push('maintenance', { phase: 'start', session_id: session, user_uuid: maintainer })
    this.push('maintenance', { phase: 'end', session_id: session, user_uuid: maintainer, slots: added })
  }

  private scheduleVend(): void {
    const [low, high] = this.timing.vendEveryS
    this.after(low + this.random() * (high - low), () => {
      this.vend()
      this.scheduleVend()
    })
  }

  // --- Sending --------------------------------------------------------------------------------------------------------

  /** Sends the buffered events; a batch that fails stays for the next try. */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = null
    })
    return this.flushing
  }

  private async send(): Promise<void> {
    // What is buffered now, not what a busy machine adds meanwhile: a flush must end (a command's result waits on it).
    let left = this.buffer.length
    while (left > 0) {
      const batch = this.buffer.slice(0, Math.min(MAX_BATCH, left))
      left -= batch.length
      let results: MachineEventResult[]
      try {
        const r = await this.request('POST', '/api/machine/v1/events', { events: batch })
        if (r.status >= 500 || r.status === 429) return
        if (r.status === 401) {
          this.log(`${this.name}: its key is refused (rotated?); events are kept`)
          return
        }
        results = ((await r.json()) as { data?: { results?: MachineEventResult[] } }).data?.results ?? []
        if (r.status !== 200) {
          this.log(`${this.name}: a batch was refused (${String(r.status)}); dropped`)
          results = []
        }
      } catch {
        return // the server is away: the batch stays buffered
      }
      this.buffer.splice(0, batch.length)
      for (const result of results)
        if (result.result === 'rejected')
          this.log(`${this.name}: event rejected: ${JSON.stringify(result.errors ?? [])}`)
    }
  }

  // --- Commands -------------------------------------------------------------------------------------------------------

  private async pollForever(): Promise<void> {
    let backoffS = 1
    while (this.running) {
      try {
        const commands = await this.poll(this.timing.pollWaitS)
        backoffS = 1
        for (const command of commands) await this.carryOut(command)
      } catch {
        if (!this.running) return
        await this.sleep(backoffS)
        backoffS = Math.min(backoffS * 2, 30)
      }
    }
  }

  /** One long poll: the commands waiting, or none after `waitS`. */
  async poll(waitS: number): Promise<DeliveredCommand[]> {
    const r = await this.request('GET', `/api/machine/v1/commands?wait=${String(waitS)}`)
    if (r.status !== 200) throw new Error(`poll: ${String(r.status)}`)
    return ((await r.json()) as { data: { commands: DeliveredCommand[] } }).data.commands
  }

  /** Carries out a command (or, for one already done, reports its result again) and reports the result. */
  async carryOut(command: DeliveredCommand): Promise<void> {
    let result = this.done.get(command.id)
    if (!result) {
      const [low, high] = this.timing.commandS
      await this.sleep(low + this.random() * (high - low))
      result = this.execute(command)
      this.done.set(command.id, result)
      // What it changed shows in the lists: a status after a reboot or a service mode, a count after a dispense.
      await this.flush()
    }
    const r = await this.request('POST', `/api/machine/v1/commands/${String(command.id)}/result`, result)
    if (r.status === 200 || r.status === 409) {
      this.results.push({ id: command.id, command: command.command, ...result })
      this.log(`${this.name}: ${command.command} ${result.status}: ${result.message}`)
    }
  }

  private execute(command: DeliveredCommand): { status: 'succeeded' | 'failed'; message: string } {
    const p = command.params
    const slot = typeof p.slot_no === 'number' ? this.slots.find((s) => s.slot_no === p.slot_no) : undefined
    switch (command.command) {
      case 'reboot':
        this.erroring = false
        this.reportStatus({ ...this.readyStatus(), overall_status: MachineStatus.Updating })
        this.reportStatus(this.readyStatus())
        return { status: 'succeeded', message: 'Rebooted' }
      case 'sync_config':
        return { status: 'succeeded', message: 'Configuration synced' }
      case 'set_price':
        if (!slot || typeof p.price !== 'number') return { status: 'failed', message: 'No such slot' }
        slot.price = p.price
        return { status: 'succeeded', message: `Slot ${String(slot.slot_no)} price set` }
      case 'disable_slot':
      case 'enable_slot':
        if (!slot) return { status: 'failed', message: 'No such slot' }
        slot.enabled = command.command === 'enable_slot'
        return {
          status: 'succeeded',
          message: `Slot ${String(slot.slot_no)} ${slot.enabled ? 'enabled' : 'disabled'}`,
        }
      case 'test_dispense':
        if (!slot) return { status: 'failed', message: 'No such slot' }
        if (slot.stock === 0) return { status: 'failed', message: `Slot ${String(slot.slot_no)} is empty` }
        slot.stock--
        this.push('stock', { slots: [{ slot_no: slot.slot_no, quantity: slot.stock }] })
        return { status: 'succeeded', message: `Dispensed one item from slot ${String(slot.slot_no)}` }
      case 'set_service_mode':
        this.serviceMode = p.on === true
        this.reportStatus(this.readyStatus())
        return { status: 'succeeded', message: this.serviceMode ? 'Service mode on' : 'Service mode off' }
      case 'device_command':
        return {
          status: 'succeeded',
          message: `${String(p.command_code)} done on ${String(p.device_code)}`,
        }
    }
  }

  // --- Plumbing -------------------------------------------------------------------------------------------------------

  private request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return fetch(new URL(path, this.options.baseUrl), {
      method,
      headers: {
        authorization: `${MACHINE_AUTH_SCHEME} ${this.options.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: method === 'GET' ? this.polling.signal : AbortSignal.timeout(30_000),
    })
  }

  private weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((n, [, w]) => n + w, 0)
    let r = this.random() * total
    for (const [value, weight] of choices) {
      r -= weight
      if (r < 0) return value
    }
    const last = choices.at(-1)
    if (!last) throw new Error('no choices')
    return last[0]
  }

  private after(seconds: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (this.running) run()
    }, seconds * 1000)
    this.timers.add(timer)
  }

  private every(seconds: number, run: () => void): void {
    this.after(seconds, () => {
      run()
      this.every(seconds, run)
    })
  }

  private sleep(seconds: number): Promise<void> {
    return new Promise((resolve) => {
      this.after(seconds, resolve)
      if (!this.running) resolve()
    })
  }
}
