import type { OcpiEndpoint } from '@portal/contract'
import { OCPI_VERSION, OcpiCode } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { OcpiError, ocpiOk } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import {
  acceptCredentials,
  ourCredentialRoles,
  publicUrlOf,
  unregisterPartner,
  versionDetailsUrlOf,
  versionsUrlOf,
} from './ocpi-handshake.service'
import { requirePartner } from './ocpi-scope'

/** The modules we serve at 2.2.1, by the roles our entity plays (listed in the version details). */
export function ourEndpoints(base: string, roles: readonly string[]): OcpiEndpoint[] {
  const endpoints: OcpiEndpoint[] = [
    { identifier: 'credentials', role: 'SENDER', url: `${versionDetailsUrlOf(base)}/credentials` },
    { identifier: 'credentials', role: 'RECEIVER', url: `${versionDetailsUrlOf(base)}/credentials` },
  ]
  // The modules each role has, with the interface we offer for it (the CPO sends them, the eMSP receives them).
  for (const module of ['locations', 'tariffs', 'sessions', 'cdrs']) {
    if (roles.includes('CPO'))
      endpoints.push({
        identifier: module,
        role: 'SENDER',
        url: `${base}/ocpi/cpo/${OCPI_VERSION}/${module}`,
      })
    if (roles.includes('EMSP'))
      endpoints.push({
        identifier: module,
        role: 'RECEIVER',
        url: `${base}/ocpi/emsp/${OCPI_VERSION}/${module}`,
      })
  }
  // Tokens go the other way: the eMSP sends its tokens, the CPO receives them.
  if (roles.includes('EMSP'))
    endpoints.push({ identifier: 'tokens', role: 'SENDER', url: `${base}/ocpi/emsp/${OCPI_VERSION}/tokens` })
  if (roles.includes('CPO'))
    endpoints.push({ identifier: 'tokens', role: 'RECEIVER', url: `${base}/ocpi/cpo/${OCPI_VERSION}/tokens` })
  // Commands too: the eMSP sends them (and takes their results at its URL), the CPO receives them.
  if (roles.includes('CPO'))
    endpoints.push({
      identifier: 'commands',
      role: 'RECEIVER',
      url: `${base}/ocpi/cpo/${OCPI_VERSION}/commands`,
    })
  if (roles.includes('EMSP'))
    endpoints.push({
      identifier: 'commands',
      role: 'SENDER',
      url: `${base}/ocpi/emsp/${OCPI_VERSION}/commands`,
    })
  return endpoints
}

/** Discovery and credentials (version_information_endpoint.asciidoc, credentials.asciidoc), under /ocpi. */
export function ocpiProtocolRoutes(app: FastifyInstance, settings: OcpiSettings): void {
  const handshake = { ocpi: { module: 'credentials', handshake: true } } as const
  const registered = { ocpi: { module: 'credentials' } } as const

  app.get('/versions', { config: handshake }, () => {
    const base = publicUrlOf(settings)
    return ocpiOk([{ version: OCPI_VERSION, url: versionDetailsUrlOf(base) }])
  })
  app.get(`/${OCPI_VERSION}`, { config: handshake }, async (request) => {
    const partner = requirePartner(request)
    const base = publicUrlOf(settings)
    const roles = (await ourCredentialRoles(app.db, partner.entity_code)).map((r) => r.role)
    return ocpiOk({ version: OCPI_VERSION, endpoints: ourEndpoints(base, roles) })
  })

  app.get(`/${OCPI_VERSION}/credentials`, { config: registered }, async (request) => {
    const partner = requirePartner(request)
    const base = publicUrlOf(settings)
    // The token it called with is the one it holds: answered back, never read from storage (only its hash is kept).
    return ocpiOk({
      token: request.ocpiToken,
      url: versionsUrlOf(base),
      roles: await ourCredentialRoles(app.db, partner.entity_code),
    })
  })

  app.post(`/${OCPI_VERSION}/credentials`, { config: handshake }, async (request) => {
    const partner = requirePartner(request)
    // Registered already, or it is we who register with it: a POST is not the way (credentials.asciidoc: 405).
    if (partner.status !== 'pending' || partner.initiated_by !== 'them')
      throw new OcpiError(
        405,
        OcpiCode.clientError,
        'Already registered: use PUT to update, DELETE to unregister',
      )
    return ocpiOk(
      await acceptCredentials(app.db, settings, partner, request.ocpiToken ?? '', request.body, false),
    )
  })

  app.put(`/${OCPI_VERSION}/credentials`, { config: registered }, async (request) => {
    const partner = requirePartner(request)
    return ocpiOk(
      await acceptCredentials(app.db, settings, partner, request.ocpiToken ?? '', request.body, true),
    )
  })

  app.delete(`/${OCPI_VERSION}/credentials`, { config: registered }, async (request) => {
    await unregisterPartner(app.db, requirePartner(request))
    return ocpiOk()
  })
}
