import type { MedicalTermsDetail } from '@portal/contract'
import { MEDICAL_TERMS_BODY_MAX, medicalTermsInput } from '@portal/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormError } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { localDayStart } from '@/components/list-filters/range-filter'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateTerms, useUpdateTerms } from './api/medical-terms-api'
import { TermsText } from './terms-text'

/** yyyy-mm-dd of an epoch-ms time in the reader's zone: the value of a date input. */
export function dateInputValue(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export interface TermsDraftForm {
  title: string
  body: string
  /** yyyy-mm-dd, as the date input holds it. */
  effective: string
}

/** The request of a form: the date as the start of that day in the reader's zone; a blank date is left out. */
export function termsRequestOf(form: TermsDraftForm) {
  return { title: form.title, body: form.body, effective_at: localDayStart(form.effective) }
}

/**
 * The editor's fields as react-hook-form holds them. The date input is named as the request names the time
 * (`effective_at`), so a server message about it lands beside it; it holds the day as typed (yyyy-mm-dd).
 */
const termsFormValues = z.object({ title: z.string(), body: z.string(), effective_at: z.string() })

/** The contract's schema of the draft, checked on the request the fields make (docs/decisions/0033-forms.md). */
const termsFormSchema = termsFormValues.transform((values, ctx) => {
  const parsed = medicalTermsInput.safeParse(
    termsRequestOf({ title: values.title, body: values.body, effective: values.effective_at }),
  )
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  return z.NEVER
})

/**
 * The editor of a draft (a new one, or an existing draft): title, effective date and the text with a preview, each
 * field checked with the contract's schema before sending and the server's 400s shown beside the same fields.
 */
export function TermsEditor({
  draft,
  initial,
  onClose,
  onSaved,
}: {
  /** The draft being edited; null for a new one. */
  draft: MedicalTermsDetail | null
  initial: TermsDraftForm
  onClose: () => void
  onSaved: (uuid: string) => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const create = useCreateTerms()
  const update = useUpdateTerms(draft?.uuid ?? '')
  const mutation = draft ? update : create
  const form = useZodForm(termsFormSchema, {
    defaultValues: { title: initial.title, body: initial.body, effective_at: initial.effective },
  })
  const { errors } = form.formState
  const [message, setMessage] = useState<string | null>(null)
  const [preview, setPreview] = useState(false)
  const tabsId = useId()
  const body = form.watch('body')

  const save = form.handleSubmit(
    async (request) => {
      setMessage(null)
      try {
        const saved = await mutation.mutateAsync(request)
        addToast({
          variant: 'success',
          title: draft ? t('medicalTerms.editor.savedTitle') : t('medicalTerms.editor.createdTitle'),
          message: 'version' in saved ? t('medicalTerms.versionN', { version: saved.version }) : '',
          timeout: 5000,
        })
        onSaved(saved.uuid)
      } catch (error) {
        setMessage(applyServerErrors(form, error))
      }
    },
    // A message on the text shows in the write view, where it can be fixed.
    (found) => {
      if (found.body) setPreview(false)
    },
  )

  return (
    <Modal
      open
      onClose={onClose}
      size="3xl"
      closeOnOutsideClick={false}
      title={
        draft
          ? t('medicalTerms.editor.editTitle', { version: draft.version })
          : t('medicalTerms.editor.newTitle')
      }
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={mutation.isPending}>
            {t('medicalTerms.cancel')}
          </Button>
          <Button type="submit" form="terms-editor-form" loading={mutation.isPending}>
            {draft ? t('medicalTerms.editor.save') : t('medicalTerms.editor.create')}
          </Button>
        </>
      }
    >
      <form id="terms-editor-form" noValidate className="space-y-4" onSubmit={(e) => void save(e)}>
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label={t('medicalTerms.field.title')}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextField
            label={t('medicalTerms.field.effective')}
            type="date"
            error={errors.effective_at?.message}
            {...form.register('effective_at')}
          />
        </div>
        <div>
          <div role="tablist" aria-label={t('medicalTerms.editor.view')} className="mb-2 flex gap-1">
            {[false, true].map((isPreview) => (
              <button
                key={String(isPreview)}
                type="button"
                role="tab"
                id={`${tabsId}-${String(isPreview)}`}
                aria-selected={preview === isPreview}
                onClick={() => setPreview(isPreview)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium',
                  preview === isPreview ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
                )}
              >
                {isPreview ? t('medicalTerms.editor.preview') : t('medicalTerms.editor.write')}
              </button>
            ))}
          </div>
          {preview ? (
            <div
              role="tabpanel"
              aria-labelledby={`${tabsId}-true`}
              className="max-h-[45vh] min-h-48 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4"
            >
              {body.trim() ? (
                <TermsText source={body} />
              ) : (
                <p className="text-sm text-slate-500">{t('medicalTerms.editor.nothingToPreview')}</p>
              )}
            </div>
          ) : (
            <div role="tabpanel" aria-labelledby={`${tabsId}-false`}>
              <TextAreaField
                label={t('medicalTerms.field.body')}
                rows={14}
                maxLength={MEDICAL_TERMS_BODY_MAX}
                error={errors.body?.message}
                {...form.register('body')}
                hint={t('medicalTerms.editor.formatHint')}
                className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
              />
            </div>
          )}
        </div>
        <FormError message={message} />
      </form>
    </Modal>
  )
}
