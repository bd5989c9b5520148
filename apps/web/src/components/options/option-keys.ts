/**
 * The query keys of the option lists several screens share (pickers and filter options). Defined once, so one
 * cache entry holds one shape: two screens can never fill the same key with different labels.
 */
export const optionKeys = {
  all: ['options'] as const,
  allMachines: ['options', 'machines'] as const,
  machines: (entityCode: string | null) => [...optionKeys.allMachines, entityCode] as const,
  allSets: ['options', 'sets'] as const,
  sets: (entityCode: string | null) => [...optionKeys.allSets, entityCode] as const,
  /** The charging network's entities (B §7 `GET /iam/entities?limit=1000`): partner filters and entity names. */
  chargingEntities: (entityCode: string | null) => ['options', 'charging-entities', entityCode] as const,
}
