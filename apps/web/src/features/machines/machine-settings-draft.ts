import type { MachineGeneralSettings } from '@portal/contract'
import { machineGeneralSettings, machineSettingsUpdateRequest } from '@portal/contract'
import { z } from 'zod'

const rules = machineGeneralSettings.shape

/**
 * A number typed in a text box: blank asks for one, text that is no number says so, and then the contract's own rule
 * for the field applies (docs/decisions/0033-forms.md), so a range lives once, in the contract.
 */
function typedNumber(rule: z.ZodType<number, number>) {
  return z
    .string()
    .trim()
    .min(1, 'Enter a number')
    .transform(Number)
    .pipe(z.number('Enter a number').pipe(rule))
}

/**
 * The settings form: the request of PUT /iot/machines/{id}/settings, with the numbers and the VMC as the inputs hold
 * them (text); what it outputs is the request.
 */
export const machineSettingsForm = machineSettingsUpdateRequest.extend({
  vmc: z.string().transform(Number).pipe(rules.vmc),
  mdb_channel: typedNumber(rules.mdb_channel),
  cp_timeout: typedNumber(rules.cp_timeout),
  vend_session_timeout: typedNumber(rules.vend_session_timeout),
  vend_request_timeout: typedNumber(rules.vend_request_timeout),
  price_scale_factor: typedNumber(rules.price_scale_factor),
  price_decimal_places: typedNumber(rules.price_decimal_places),
})
export type MachineSettingsDraft = z.input<typeof machineSettingsForm>

/** The form's values for saved settings. */
export function settingsDraftOf(g: MachineGeneralSettings): MachineSettingsDraft {
  return {
    ...g,
    vmc: String(g.vmc),
    mdb_channel: String(g.mdb_channel),
    cp_timeout: String(g.cp_timeout),
    vend_session_timeout: String(g.vend_session_timeout),
    vend_request_timeout: String(g.vend_request_timeout),
    price_scale_factor: String(g.price_scale_factor),
    price_decimal_places: String(g.price_decimal_places),
  }
}
