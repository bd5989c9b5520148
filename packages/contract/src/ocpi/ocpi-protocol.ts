import { z } from 'zod'
import { ocpiDateTime } from './ocpi-types'

/*
 * OCPI 2.2.1's transport (issue 17, docs/decisions/0113-ocpi.md): the envelope every answer carries, its status
 * codes, the headers, the versions and version-details answers, and the credentials object of the registration
 * handshake (OCPI 2.2.1 transport_and_format.asciidoc, status_codes.asciidoc, version_information_endpoint.asciidoc,
 * credentials.asciidoc). The module objects (locations, sessions…) are in ./objects.
 */

export const OCPI_VERSION = '2.2.1'

/** OCPI's status codes (status_codes.asciidoc): 1xxx success, 2xxx client errors, 3xxx server errors, 4xxx hub. */
export const OcpiCode = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  notEnoughInformation: 2002,
  unknownLocation: 2003,
  unknownToken: 2004,
  serverError: 3000,
  unableToUseClientApi: 3001,
  unsupportedVersion: 3002,
  noMatchingEndpoints: 3003,
  hubError: 4000,
  unknownReceiver: 4001,
  forwardTimeout: 4002,
  forwardConnection: 4003,
} as const
export type OcpiStatusCode = (typeof OcpiCode)[keyof typeof OcpiCode]

export const OCPI_HEADERS = {
  requestId: 'X-Request-ID',
  correlationId: 'X-Correlation-ID',
  fromCountryCode: 'OCPI-from-country-code',
  fromPartyId: 'OCPI-from-party-id',
  toCountryCode: 'OCPI-to-country-code',
  toPartyId: 'OCPI-to-party-id',
  totalCount: 'X-Total-Count',
  limit: 'X-Limit',
} as const

/** The default and the largest page a list answers (the client may ask for less). */
export const OCPI_PAGE_DEFAULT = 100
export const OCPI_PAGE_MAX = 500

/** Epoch ms of an OCPI DateTime (a missing Z still means UTC). */
export const ocpiTimeOf = (value: string) => Date.parse(value.endsWith('Z') ? value : `${value}Z`)
/** An OCPI DateTime of epoch ms, as we send it: seconds, always the Z. */
export const ocpiDateTimeOf = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')

/** Every answer's envelope; `data` is absent on errors. */
export function ocpiEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    data: data.optional(),
    status_code: z.number().int().min(1000).max(4999),
    status_message: z.string().optional(),
    timestamp: ocpiDateTime,
  })
}
export const ocpiAnyEnvelope = ocpiEnvelope(z.unknown())
export type OcpiAnyEnvelope = z.infer<typeof ocpiAnyEnvelope>

export const OCPI_ROLES = ['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP'] as const
export type OcpiRole = (typeof OCPI_ROLES)[number]
export const OCPI_INTERFACE_ROLES = ['SENDER', 'RECEIVER'] as const
export type OcpiInterfaceRole = (typeof OCPI_INTERFACE_ROLES)[number]
export const OCPI_MODULES = [
  'cdrs',
  'chargingprofiles',
  'commands',
  'credentials',
  'hubclientinfo',
  'locations',
  'sessions',
  'tariffs',
  'tokens',
] as const
export type OcpiModule = (typeof OCPI_MODULES)[number]

/** country_code: ISO 3166 alpha-2; party_id: ISO 15118, three characters (CiString: compared case-insensitively). */
const credentialsCountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Use the two letters of the country (ISO 3166-1 alpha-2)')
const credentialsPartyId = z
  .string()
  .regex(/^[A-Za-z0-9]{3}$/, 'Use the three letters or digits of the party id')

export const ocpiVersionEntry = z.object({
  version: z.string().max(10),
  url: z.url().max(255),
})
export const ocpiVersions = z.array(ocpiVersionEntry)
export type OcpiVersionEntry = z.infer<typeof ocpiVersionEntry>

export const ocpiEndpoint = z.object({
  identifier: z.string().max(40),
  role: z.enum(OCPI_INTERFACE_ROLES),
  url: z.url().max(255),
})
export type OcpiEndpoint = z.infer<typeof ocpiEndpoint>
export const ocpiVersionDetails = z.object({
  version: z.string().max(10),
  endpoints: z.array(ocpiEndpoint).min(1),
})
export type OcpiVersionDetails = z.infer<typeof ocpiVersionDetails>

const businessDetails = z.object({
  name: z.string().min(1).max(100),
  website: z.url().max(255).nullish(),
  logo: z.unknown().optional(),
})

export const ocpiCredentialsRole = z.object({
  role: z.enum(OCPI_ROLES),
  business_details: businessDetails,
  party_id: credentialsPartyId,
  country_code: credentialsCountryCode,
})
export type OcpiCredentialsRole = z.infer<typeof ocpiCredentialsRole>

/** The credentials object (credentials.asciidoc): the token to call its owner with, its versions URL, its roles. */
export const ocpiCredentials = z.object({
  token: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII, no spaces'),
  url: z.url().max(255),
  roles: z.array(ocpiCredentialsRole).min(1),
})
export type OcpiCredentials = z.infer<typeof ocpiCredentials>

/** `Authorization: Token <base64 of the token>`, as 2.2.1 requires. */
// Tokens are printable ASCII (ocpiCredentials), so btoa/atob (in Node and browsers alike) encode them exactly.
export const ocpiAuthorization = (token: string) => `Token ${btoa(token)}`

/**
 * The tokens an Authorization header may carry: the Base64-decoded value first (2.2.1), then the value as written
 * (what 2.1.1 and some 2.2 implementations send). Empty when the header is not a Token header.
 */
export function ocpiTokenCandidates(header: string | undefined): string[] {
  if (header === undefined) return []
  const match = /^Token\s+(\S{1,200})$/i.exec(header.trim())
  const raw = match?.[1]
  if (raw === undefined) return []
  const candidates: string[] = []
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(raw) && raw.length % 4 === 0) {
    const decoded = atob(raw)
    if (/^[\x21-\x7e]{1,64}$/.test(decoded)) candidates.push(decoded)
  }
  if (!candidates.includes(raw)) candidates.push(raw)
  return candidates
}
