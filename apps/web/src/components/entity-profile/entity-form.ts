import type { Entity, EntityCreateRequest, EntityUpdateRequest } from '@portal/contract'
import { entityCreateRequest, entityUpdateRequest } from '@portal/contract'
import { z } from 'zod'

/** An entity's form as typed: blank text means none; industries and roles are the ticked boxes. */
const entityFormFields = z.object({
  code: z.string(),
  name: z.string(),
  industries: z.array(z.string()),
  roles: z.array(z.string()),
  parent_code: z.string(),
  currency_code: z.string(),
  time_zone: z.string(),
  preferred_identifier: z.string(),
  ev_backend_url: z.string(),
})
export type EntityFormValues = z.input<typeof entityFormFields>

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim())

/** The form's values for an entity, or for a new one in the given currency and time zone. */
export function entityFormValues(
  entity?: Entity,
  defaults = { currency: 'SGD', timeZone: 'Asia/Singapore' },
) {
  return {
    code: entity?.code ?? '',
    name: entity?.name ?? '',
    industries: entity?.industries ?? [],
    roles: entity?.roles ?? [],
    parent_code: entity?.parent_code ?? '',
    currency_code: entity?.currency_code ?? defaults.currency,
    time_zone: entity?.time_zone ?? defaults.timeZone,
    preferred_identifier: entity?.preferred_identifier ?? '',
    ev_backend_url: entity?.ev_backend_url ?? '',
  } satisfies EntityFormValues
}

/** POST /iam/entities from the form, checked by the contract's schema. */
export const entityCreateForm = entityFormFields
  .transform((v): EntityCreateRequest => ({
    ...v,
    parent_code: blankToNull(v.parent_code),
    preferred_identifier: blankToNull(v.preferred_identifier),
    ev_backend_url: blankToNull(v.ev_backend_url),
  }))
  .pipe(entityCreateRequest)

/**
 * PUT /iam/entities/{code} from the form. Industries and roles decide which apps an entity has: they are sent only
 * by a platform administrator (the server refuses them from anyone else). The code and the parent do not change.
 */
export function entityUpdateForm(commercial: boolean) {
  return entityFormFields
    .transform(({ code: _code, parent_code: _parent, industries, roles, ...v }): EntityUpdateRequest => ({
      ...v,
      preferred_identifier: blankToNull(v.preferred_identifier),
      ev_backend_url: blankToNull(v.ev_backend_url),
      ...(commercial ? { industries, roles } : {}),
    }))
    .pipe(entityUpdateRequest)
}
