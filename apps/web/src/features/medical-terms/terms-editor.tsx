import type { MedicalTermsDetail } from '@portal/contract'
import { MEDICAL_TERMS_BODY_MAX, medicalTermsInput } from '@portal/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { FormError } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { localDayStart } from '@/components/list-filters/range-filter'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateTerms, useUpdateTerms } from './api/medical-terms-api'
import { TermsText } from './terms-text'

const FIELDS = ['title', 'body', 'effective_at'] as const

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
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [preview, setPreview] = useState(false)
  const tabsId = useId()
  const set = (key: keyof TermsDraftForm, field: string) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [field]: '' }))
  }

  const save = () => {
    setMessage(null)
    const checked = validate(medicalTermsInput, termsRequestOf(form), () => [])
    if (!checked.ok) {
      setErrors(checked.errors)
      if (checked.errors.body) setPreview(false)
      return
    }
    mutation.mutate(checked.data, {
      onSuccess: (saved) => {
        addToast({
          variant: 'success',
          title: draft ? t('medicalTerms.editor.savedTitle') : t('medicalTerms.editor.createdTitle'),
          message: 'version' in saved ? t('medicalTerms.versionN', { version: saved.version }) : '',
          timeout: 5000,
        })
        onSaved(saved.uuid)
      },
      onError: (error) => {
        const found = serverErrors(error, FIELDS)
        setErrors(found.fields)
        setMessage(found.message)
      },
    })
  }

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
      <form
        id="terms-editor-form"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label={t('medicalTerms.field.title')}
            value={form.title}
            onChange={(e) => set('title', 'title')(e.target.value)}
            error={errors.title || undefined}
          />
          <TextField
            label={t('medicalTerms.field.effective')}
            type="date"
            value={form.effective}
            onChange={(e) => set('effective', 'effective_at')(e.target.value)}
            error={errors.effective_at || undefined}
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
              {form.body.trim() ? (
                <TermsText source={form.body} />
              ) : (
                <p className="text-sm text-slate-500">{t('medicalTerms.editor.nothingToPreview')}</p>
              )}
            </div>
          ) : (
            <div role="tabpanel" aria-labelledby={`${tabsId}-false`}>
              <TextAreaField
                label={t('medicalTerms.field.body')}
                rows={14}
                value={form.body}
                maxLength={MEDICAL_TERMS_BODY_MAX}
                onChange={(e) => set('body', 'body')(e.target.value)}
                error={errors.body || undefined}
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
