import { z } from 'zod'
import {
  ocpiCiString,
  ocpiCountryCode,
  ocpiDateTime,
  ocpiDisplayText,
  ocpiOptional,
  ocpiPartyId,
  ocpiProfileType,
  ocpiString,
  ocpiTokenType,
} from './ocpi-types'

/*
 * OCPI 2.2.1 Tokens module (mod_tokens.asciidoc, "Object description" and "Data types"): Token, AuthorizationInfo,
 * EnergyContract, LocationReferences, AllowedType and WhitelistType (TokenType is in ocpi-types.ts, Locations and
 * CDRs use it too), plus the PATCH body.
 */

/** AllowedType: the answer of a real-time authorization. */
export const OCPI_ALLOWED_TYPES = ['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'] as const
export const ocpiAllowedType = z.enum(OCPI_ALLOWED_TYPES)
export type OcpiAllowedType = z.infer<typeof ocpiAllowedType>

/** WhitelistType: when the CPO may authorize the token without asking the eMSP. */
export const OCPI_WHITELIST_TYPES = ['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'] as const
export const ocpiWhitelistType = z.enum(OCPI_WHITELIST_TYPES)
export type OcpiWhitelistType = z.infer<typeof ocpiWhitelistType>

/** EnergyContract: the driver's own energy supplier and contract. */
export const ocpiEnergyContract = z.object({
  supplier_name: ocpiString(64),
  contract_id: ocpiOptional(ocpiString(64)),
})
export type OcpiEnergyContract = z.infer<typeof ocpiEnergyContract>

/** Token. uid + type identify it within the eMSP. */
export const ocpiToken = z.object({
  country_code: ocpiCountryCode,
  party_id: ocpiPartyId,
  uid: ocpiCiString(36),
  type: ocpiTokenType,
  contract_id: ocpiCiString(36),
  visual_number: ocpiOptional(ocpiString(64)),
  issuer: ocpiString(64),
  group_id: ocpiOptional(ocpiCiString(36)),
  valid: z.boolean(),
  whitelist: ocpiWhitelistType,
  language: ocpiOptional(ocpiString(2)),
  default_profile_type: ocpiOptional(ocpiProfileType),
  energy_contract: ocpiOptional(ocpiEnergyContract),
  last_updated: ocpiDateTime,
})
export type OcpiToken = z.infer<typeof ocpiToken>

/** PATCH body of a Token: the changed fields and always last_updated. */
export const ocpiTokenPatch = ocpiToken.partial().extend({ last_updated: ocpiDateTime })
export type OcpiTokenPatch = z.infer<typeof ocpiTokenPatch>

/** LocationReferences: a Location and (optionally) the EVSEs of it an authorization is about. */
export const ocpiLocationReferences = z.object({
  location_id: ocpiCiString(36),
  evse_uids: ocpiOptional(z.array(ocpiCiString(36))),
})
export type OcpiLocationReferences = z.infer<typeof ocpiLocationReferences>

/** AuthorizationInfo: the eMSP's answer to a real-time authorization request. */
export const ocpiAuthorizationInfo = z.object({
  allowed: ocpiAllowedType,
  token: ocpiToken,
  location: ocpiOptional(ocpiLocationReferences),
  authorization_reference: ocpiOptional(ocpiCiString(36)),
  info: ocpiOptional(ocpiDisplayText),
})
export type OcpiAuthorizationInfo = z.infer<typeof ocpiAuthorizationInfo>
