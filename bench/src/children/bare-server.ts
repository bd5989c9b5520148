/**
 * Child process: the HTTP floor. A bare node:http server that answers every POST with a fixed JSON body (the real
 * response of the scenario, byte for byte), so what remains between it and the real server is routing, auth,
 * validation, the queries and serialization.
 */
import { createServer } from 'node:http'
import type { BareServerMessage, ChildMessage } from '../ipc'

function send(message: ChildMessage) {
  process.send?.(message)
}

let bodies = new Map<string, Buffer>()
const notFound = Buffer.from('{"error":{"code":"NOT_FOUND","message":"unknown path"}}')

const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const body = bodies.get(req.url ?? '')
    res.writeHead(body ? 200 : 404, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': (body ?? notFound).length,
    })
    res.end(body ?? notFound)
  })
})

process.on('message', (message: BareServerMessage) => {
  if (message.type !== 'bodies') return
  bodies = new Map(Object.entries(message.bodies).map(([path, text]) => [path, Buffer.from(text)]))
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    if (address === null || typeof address === 'string') {
      send({ type: 'error', message: 'bare server has no TCP address' })
      return
    }
    send({ type: 'ready', port: address.port })
  })
})

const stop = () => server.close(() => process.exit(0))
process.on('disconnect', stop)
process.on('SIGTERM', stop)
