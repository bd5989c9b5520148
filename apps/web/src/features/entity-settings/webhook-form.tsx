import type { WebhookCreated, WebhookCreateRequest } from '@portal/contract'
import { LIVE_EVENT_NAMES, webhookCreateRequest } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FieldSet, FormError } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { TextField } from '@/components/ui/text-field/text-field'

/** The form as typed: the address and the ticked event names. */
const draftSchema = z.object({ url: z.string(), events: z.array(z.string()) })
type Draft = z.input<typeof draftSchema>

const EMPTY: Draft = { url: '', events: [] }

/** The add form's schema: the contract's request, so the portal refuses what the server would. */
export const webhookForm = draftSchema
  // Deliberately loose: the contract's schema, piped next, checks the names.
  .transform((d) => ({ url: d.url.trim(), events: d.events }) as WebhookCreateRequest)
  .pipe(webhookCreateRequest)

/** An event's name as people read it; the name itself (what the receiver gets) for one without a label. */
export const eventLabel = (t: TFunction, name: string) =>
  t(`webhooks.eventNames.${name.replace(/\./g, '_')}`, { defaultValue: name })

/** Adds a webhook: its address and the events it receives; the secret is shown by the caller once it is made. */
export function WebhookForm({
  formId,
  save,
  onSaved,
}: {
  formId: string
  save: (body: WebhookCreateRequest) => Promise<WebhookCreated>
  onSaved: (created: WebhookCreated) => void
}) {
  const { t } = useTranslation()
  const form = useZodForm(webhookForm, { defaultValues: EMPTY })
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      onSaved(await save(body))
      form.reset(EMPTY)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <p className="text-sm text-slate-600">{t('webhooks.intro')}</p>
      <TextField
        label={t('webhooks.url')}
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
        spellCheck={false}
        maxLength={2000}
        hint={t('webhooks.urlHint')}
        {...form.register('url')}
        error={errors.url?.message}
      />
      <FieldSet legend={t('webhooks.events')} error={errors.events?.message ?? errors.events?.root?.message}>
        <p className="mb-2 text-xs text-slate-500">{t('webhooks.eventsHint')}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {LIVE_EVENT_NAMES.map((name) => (
            <Checkbox
              key={name}
              value={name}
              label={eventLabel(t, name)}
              description={<code className="font-mono text-xs">{name}</code>}
              {...form.register('events')}
            />
          ))}
        </div>
      </FieldSet>
      <FormError message={formError} />
    </form>
  )
}
