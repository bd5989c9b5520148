import type { EmissionsCategory } from '@portal/contract'
import { emissionsCategoryWrite } from '@portal/contract'
import { z } from 'zod'

/** The category form's inputs as typed: the factor as text ('0.710'), the choices '' until picked. */
export const categoryDraft = z.object({
  name: z.string(),
  vehicle_type: z.string(),
  fuel: z.string(),
  emission_factor: z.string(),
  description: z.string(),
})
export type CategoryDraft = z.infer<typeof categoryDraft>

export const EMPTY_CATEGORY: CategoryDraft = {
  name: '',
  vehicle_type: '',
  fuel: '',
  emission_factor: '',
  description: '',
}

export function categoryDraftOf(c: EmissionsCategory): CategoryDraft {
  return {
    name: c.name,
    vehicle_type: c.vehicle_type,
    fuel: c.fuel,
    emission_factor: c.emission_factor.toFixed(3),
    description: c.description,
  }
}

/**
 * The form's schema (docs/decisions/0033-forms.md): the draft becomes the request and is checked by the contract's
 * schema of the write, so the portal says what the server would. A choice not yet made and a factor that is not a
 * number get messages of their own, which say what to do rather than what is wrong.
 */
export function categoryFormSchema(t: (key: string) => string) {
  return categoryDraft.transform((draft, ctx) => {
    const factor = draft.emission_factor.trim() === '' ? Number.NaN : Number(draft.emission_factor)
    const own: Record<string, string> = {}
    if (draft.vehicle_type === '') own.vehicle_type = t('crx.category.chooseVehicleType')
    if (draft.fuel === '') own.fuel = t('crx.category.chooseFuel')
    if (!Number.isFinite(factor)) own.emission_factor = t('crx.category.factorRequired')
    const parsed = emissionsCategoryWrite.safeParse({
      ...draft,
      emission_factor: Number.isFinite(factor) ? factor : undefined,
    })
    for (const [field, message] of Object.entries(own))
      ctx.addIssue({ code: 'custom', path: [field], message })
    for (const issue of parsed.error?.issues ?? []) {
      if (String(issue.path[0]) in own) continue
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    }
    return parsed.success && Object.keys(own).length === 0 ? parsed.data : z.NEVER
  })
}
