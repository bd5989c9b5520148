import { OCPI_VERSION } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { receiveCommandResult } from './ocpi-commands-emsp.service'
import { ocpiOk } from './ocpi-envelope'
import { ourParty } from './ocpi-routing'

/*
 * Commands (mod_commands.asciidoc), the eMSP's side: the partner CPO POSTs the CommandResult of a command we sent it
 * to the response_url we gave, /ocpi/emsp/2.2.1/commands/{command}/{uid}. Only a command sent to that partner is
 * known to it.
 */
export function ocpiCommandEmspRoutes(app: FastifyInstance): void {
  app.post<{ Params: { command: string; uid: string } }>(
    `/emsp/${OCPI_VERSION}/commands/:command/:uid`,
    { config: { ocpi: { module: 'commands' } } },
    async (request, reply) => {
      const { partner } = await ourParty(app, request, reply, 'EMSP')
      await receiveCommandResult(app.db, partner, request.params.command, request.params.uid, request.body)
      return ocpiOk()
    },
  )
}
