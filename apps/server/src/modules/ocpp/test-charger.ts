import type { OcppProtocol } from '@portal/contract'
import { RPCClient } from 'ocpp-rpc'

type ClientOptions = ConstructorParameters<typeof RPCClient>[0]

/**
 * A charger for tests and the simulator: ocpp-rpc's own client, strict like the server, over the real endpoint.
 * ocpp-rpc's typings demand every option although the constructor fills in defaults, hence the one cast.
 */
export function testCharger(options: {
  port: number
  identity: string
  password?: string | Buffer
  protocols?: readonly string[]
  host?: string
  reconnect?: boolean
  /** Validate like the server (default); off to offer a subprotocol ocpp-rpc has no schemas for. */
  strict?: boolean
}): RPCClient {
  return new RPCClient({
    endpoint: `ws://${options.host ?? '127.0.0.1'}:${String(options.port)}/ocpp`,
    identity: options.identity,
    protocols: [...(options.protocols ?? (['ocpp1.6'] satisfies OcppProtocol[]))],
    ...(options.password !== undefined ? { password: options.password } : {}),
    strictMode: options.strict ?? true,
    reconnect: options.reconnect ?? false,
    callTimeoutMs: 10_000,
  } as Partial<ClientOptions> as ClientOptions)
}
