import { OCPI_VERSION } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { commandTypeOf, receiveCommand } from './ocpi-commands-cpo.service'
import { ocpiOk } from './ocpi-envelope'
import { ourParty } from './ocpi-routing'

/*
 * Commands (mod_commands.asciidoc), the CPO's receiver interface: a partner eMSP POSTs START_SESSION, STOP_SESSION or
 * UNLOCK_CONNECTOR to /ocpi/cpo/2.2.1/commands/{command} and is answered a CommandResponse at once; the charger's
 * outcome goes to the command's response_url later. Reservations are answered NOT_SUPPORTED.
 */
export function ocpiCommandCpoRoutes(app: FastifyInstance): void {
  app.post<{ Params: { command: string } }>(
    `/cpo/${OCPI_VERSION}/commands/:command`,
    { config: { ocpi: { module: 'commands' } } },
    async (request, reply) => {
      const { partner } = await ourParty(app, request, reply, 'CPO')
      const command = commandTypeOf(request.params.command)
      return ocpiOk(
        await receiveCommand(app.db, app.jobs, partner, command, request.body, (identity) =>
          app.ocpp.version(identity),
        ),
      )
    },
  )
}
