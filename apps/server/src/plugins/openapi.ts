import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** The OpenAPI document of every route, generated from the contract's zod schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Operator Portal API',
        description:
          'One server, several services by prefix (DESIGN.md). Success bodies are `{ data }`; errors are ' +
          '`{ error: { code, message, issues? } }`. Authenticate with `Authorization: Token <token>` from ' +
          '`POST /api/main/iam/login` (Bearer on /api/cases), or with an integrator API key in the same place: ' +
          "`Authorization: Token pk_…` (a service account's key, made in IAM → Service accounts; it can do what the " +
          "account's policies allow, is rate-limited per key, and cannot call the routes of a person's own session).",
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <token> — a session token, or a service account API key (pk_…)',
          },
        },
      },
      security: [{ token: [] }],
    },
    // OCPI (/ocpi) is its own protocol with its own specification, envelope and tokens (decision 0113): not here.
    transform: (input) =>
      input.url === '/ocpi' || input.url.startsWith('/ocpi/')
        ? { schema: { ...input.schema, hide: true }, url: input.url }
        : jsonSchemaTransform(input),
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
}
