import type { MedicalTermsFilterRequest } from '@portal/contract'

/** Every query key of the medical terms, defined once; a change refreshes all through `medicalTermsKeys.all`. */
export const medicalTermsKeys = {
  all: ['medical-terms'] as const,
  list: (entityCode: string | null, body: MedicalTermsFilterRequest) =>
    [...medicalTermsKeys.all, 'filter', entityCode, body] as const,
  version: (entityCode: string | null, uuid: string | null) =>
    [...medicalTermsKeys.all, 'version', entityCode, uuid] as const,
}
