import { entityRelations } from '@portal/contract'
import type { TFunction } from 'i18next'
import { labelOf } from '@/lib/labels'

/** A member's relation to the entity (owner, admin, member…), in the user's language. */
export function relationLabel(t: TFunction, relation: number): string {
  return t(`iamScreens.relation.${String(relation)}`, { defaultValue: labelOf(entityRelations, relation) })
}
