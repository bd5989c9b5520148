/**
 * Who may have the Roaming tab: the contract's OCPI roles of an entity's industries and the roaming policy. Loaded
 * apart (api/roaming-level.ts): the contract's roaming module carries its request schemas, which the entity settings
 * page would otherwise load for every entity, most of which play no OCPI role.
 */
export { ocpiRolesOf, ROAMING_POLICY } from '@portal/contract'
