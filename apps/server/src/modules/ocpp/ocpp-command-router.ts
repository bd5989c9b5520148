import type { RPCClient } from 'ocpp-rpc'
// The errors module by path: ocpp-rpc's index re-exports it with a spread that Node's ESM named imports cannot see.
import { TimeoutError } from 'ocpp-rpc/lib/errors.js'
import type { Db } from '../../db/database'
import type { EventBus } from '../../events/event-bus'
import { answerStatus } from './ocpp-command-plan'
import { findCommand, settleCommand } from './ocpp-command.repository'

/*
 * Commands reach the instance that holds the charger's connection (docs/decisions/0104-ocpp-remote-commands.md). The
 * command is a row of ocpp_command; the instance serving the operator runs it itself when it holds the connection,
 * else publishes `ocpp.command` on the event bus. The holder says `ocpp.command.taken`, calls the charger, writes the
 * answer to the row and says `ocpp.command.done`. Nobody taking it within TAKEN_WAIT_MS means no instance holds the
 * charger: it is not connected.
 */

export const OCPP_COMMAND = 'ocpp.command'
export const OCPP_COMMAND_TAKEN = 'ocpp.command.taken'
export const OCPP_COMMAND_DONE = 'ocpp.command.done'

interface CommandEvent {
  id: number
  identity: string
}

/** How long the other instances have to say one of them holds the charger: a bus round trip is milliseconds. */
const TAKEN_WAIT_MS = 2_000

export class OcppCommandRouter {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly connection: (identity: string) => RPCClient | undefined,
    private readonly callTimeoutMs: number,
    private readonly warn: (fields: Record<string, unknown>, message: string) => void,
  ) {}

  /** Runs the commands other instances publish for chargers this one holds. Returns the unsubscribe function. */
  listen(): () => void {
    return this.events.subscribe<CommandEvent>(OCPP_COMMAND, ({ payload }) => {
      const client = this.connection(payload.identity)
      if (!client) return
      void (async () => {
        await this.events.publish(OCPP_COMMAND_TAKEN, { id: payload.id })
        await this.run(payload.id, client)
        await this.events.publish(OCPP_COMMAND_DONE, { id: payload.id })
      })().catch((err: unknown) => this.warn({ err, command: payload.id }, 'ocpp: a routed command failed'))
    })
  }

  /** Sends the command to its charger, wherever it is connected; resolves once the row says what happened. */
  async dispatch(id: number, identity: string): Promise<void> {
    const local = this.connection(identity)
    if (local) {
      await this.run(id, local)
      return
    }
    const outcome = await new Promise<'done' | 'offline' | 'timeout'>((resolve) => {
      let taken = false
      const timers: NodeJS.Timeout[] = []
      const unsubscribe: (() => void)[] = []
      const finish = (result: 'done' | 'offline' | 'timeout') => {
        for (const t of timers) clearTimeout(t)
        for (const u of unsubscribe) u()
        resolve(result)
      }
      unsubscribe.push(
        this.events.subscribe<{ id: number }>(OCPP_COMMAND_TAKEN, ({ payload }) => {
          if (payload.id === id) taken = true
        }),
        this.events.subscribe<{ id: number }>(OCPP_COMMAND_DONE, ({ payload }) => {
          if (payload.id === id) finish('done')
        }),
      )
      timers.push(
        setTimeout(() => {
          if (!taken) finish('offline')
        }, TAKEN_WAIT_MS),
        setTimeout(() => finish('timeout'), this.callTimeoutMs + TAKEN_WAIT_MS),
      )
      this.events.publish<CommandEvent>(OCPP_COMMAND, { id, identity }).catch(() => finish('offline'))
    })
    if (outcome === 'offline') await this.settleOffline(id)
    if (outcome === 'timeout') await this.settleTimeout(id)
  }

  private async settleOffline(id: number): Promise<void> {
    await settleCommand(this.db, id, {
      state: 'offline',
      status: null,
      answer: 'The charger is not connected',
      answered_at: null,
    })
  }

  private async settleTimeout(id: number): Promise<void> {
    await settleCommand(this.db, id, {
      state: 'timeout',
      status: null,
      answer: `The charger did not answer within ${String(Math.round(this.callTimeoutMs / 1000))} s`,
      answered_at: null,
    })
  }

  private async run(id: number, client: RPCClient): Promise<void> {
    const row = await findCommand(this.db, id)
    if (!row || row.state !== 'pending') return
    try {
      const answer: unknown = await client.call(row.action, JSON.parse(row.request), {
        callTimeoutMs: this.callTimeoutMs,
      })
      await settleCommand(
        this.db,
        id,
        {
          state: 'answered',
          status: answerStatus(answer),
          answer: JSON.stringify(answer),
          answered_at: Date.now(),
        },
        ['pending', 'timeout'],
      )
    } catch (err) {
      if (err instanceof TimeoutError) return this.settleTimeout(id)
      const code = (err as { rpcErrorCode?: unknown }).rpcErrorCode
      if (typeof code === 'string') {
        await settleCommand(this.db, id, {
          state: 'rejected',
          status: code,
          answer: JSON.stringify({ code, message: (err as Error).message }),
          answered_at: Date.now(),
        })
        return
      }
      // The connection closed before the answer came.
      await this.settleOffline(id)
    }
  }
}
