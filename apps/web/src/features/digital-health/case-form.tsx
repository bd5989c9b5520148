import type { CaseQuestion, CaseSite } from '@portal/contract'
import {
  caseStatuses,
  caseTemplates,
  caseUrgencies,
  clinicToday,
  DIAL_CODES,
  genders,
  patientIdTypes,
} from '@portal/contract'
import type { ReactNode } from 'react'
import { useMemo, useState } from 'react'
import type { FieldErrors, FieldPath, FieldValues, UseFormRegister } from 'react-hook-form'
import { get } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { z } from 'zod'
import { Card, FieldSet, FormError, SelectField } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import type { CaseDraft, CaseFormValues } from './case-draft'
import { caseFormSchema, formFieldOrder, questionsOf } from './case-draft'
import {
  dialCodeLabel,
  idTypeLabel,
  questionLabel,
  sexLabel,
  statusLabel,
  templateLabel,
  urgencyLabel,
} from './case-labels'

/** A yes/no question: two radio buttons drawn as a segmented control, with no answer until one is picked. */
function YesNoField({
  name,
  label,
  value,
  error,
  register,
}: {
  name: `answers.${string}`
  label: string
  value: string | null | undefined
  error?: string | undefined
  register: UseFormRegister<CaseFormValues>
}) {
  const { t } = useTranslation()
  return (
    <FieldSet legend={label} error={error}>
      <div
        className={cn(
          'inline-flex rounded-md border bg-white p-0.5 shadow-xs',
          error ? 'border-rose-400' : 'border-slate-300',
        )}
      >
        {(['yes', 'no'] as const).map((option) => (
          <label
            key={option}
            className={cn(
              'cursor-pointer rounded px-4 py-1.5 text-sm font-medium select-none has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
              value === option ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              value={option}
              aria-invalid={error ? true : undefined}
              {...register(name)}
            />
            {option === 'yes' ? t('digitalHealth.yes') : t('digitalHealth.no')}
          </label>
        ))}
      </div>
    </FieldSet>
  )
}

function QuestionField({
  question,
  value,
  error,
  register,
}: {
  question: CaseQuestion
  value: string | null | undefined
  error?: string | undefined
  register: UseFormRegister<CaseFormValues>
}) {
  const { t } = useTranslation()
  const name = `answers.${question.key}` as const
  const label = questionLabel(t, question)
  switch (question.kind) {
    case 'boolean':
      return <YesNoField name={name} label={label} value={value} error={error} register={register} />
    case 'choice':
      return (
        <SelectField label={label} error={error} {...register(name)}>
          <option value="">{t('digitalHealth.form.choose')}</option>
          {question.options.map((o) => (
            <option key={o.value} value={o.value}>
              {t(`digitalHealth.option.${question.key}.${o.value}`, { defaultValue: o.label })}
            </option>
          ))}
        </SelectField>
      )
    case 'number':
      return (
        <TextField
          label={question.unit && !question.unit.startsWith('/') ? `${label} (${question.unit})` : label}
          error={error}
          hint={t('digitalHealth.form.range', { min: question.min, max: question.max })}
          inputMode={question.step === 1 ? 'numeric' : 'decimal'}
          autoComplete="off"
          {...register(name)}
        />
      )
    case 'text':
      return (
        <TextAreaField
          className="sm:col-span-2"
          label={`${label} ${t('digitalHealth.form.optional')}`}
          error={error}
          maxLength={question.maxLength}
          {...register(name)}
        />
      )
  }
}

/** How many fields hold a message: the leaves of react-hook-form's (nested) errors. */
function errorCount(errors: unknown): number {
  if (typeof errors !== 'object' || errors === null) return 0
  if ('type' in errors && 'message' in errors) return 1
  return Object.entries(errors).reduce((n, [key, value]) => (key === 'ref' ? n : n + errorCount(value)), 0)
}

export interface CaseFormProps<Body extends FieldValues> {
  mode: 'create' | 'edit'
  initial: CaseDraft
  sites: readonly CaseSite[] | undefined
  /** Edit: the ID on file ("S****567D"), kept when the ID field is left blank. */
  maskedId?: string
  /** The contract's schema of the request, and how the draft becomes its body. */
  schema: z.ZodType<Body>
  toBody: (draft: CaseDraft) => unknown
  submitLabel: string
  saving: boolean
  /** Sends the checked body; throws the API's error (its field messages are shown beside the fields). */
  onValid: (body: Body) => Promise<void>
  cancel: { href: string } | { onCancel: () => void }
  /** Shown above the buttons, e.g. a conflict with a reload action. */
  footer?: ReactNode
}

/**
 * The case intake form, also used to update a case. Every field is checked with the contract's schema before
 * sending (the server checks the same one); each message shows under its field, a summary says how many, and the
 * focus goes to the first.
 */
export function CaseForm<Body extends FieldValues>(props: CaseFormProps<Body>) {
  const { t } = useTranslation()
  const { mode, sites, schema, toBody } = props
  const formSchema = useMemo(() => caseFormSchema(schema, toBody), [schema, toBody])
  const form = useZodForm(formSchema, { defaultValues: props.initial, shouldFocusError: false })
  const { register } = form
  const { errors, submitCount } = form.formState
  const [formError, setFormError] = useState<string | null>(null)
  const caseTemplate = form.watch('caseTemplate')
  const answers = form.watch('answers')
  const consentError = errors.consent?.message
  // A message on the answers as a whole (the record's own key `message` would be a question's error).
  const answersError = typeof errors.answers?.message === 'string' ? errors.answers.message : undefined
  const questions = questionsOf(caseTemplate)
  const today = clinicToday()

  // A refused submit focuses the first field with a message, in the order the form shows them.
  const focusFirst = (found: FieldErrors<CaseFormValues>) => {
    const first = formFieldOrder(form.getValues('caseTemplate')).find((f) => get(found, f) !== undefined)
    if (first) form.setFocus(first as FieldPath<CaseFormValues>)
  }

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      await props.onValid(body)
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  }, focusFirst)

  // Answers belong to their template: another template starts with none (and none of their messages).
  const templateField = register('caseTemplate', {
    onChange: () => {
      form.setValue('answers', {})
      form.clearErrors('answers')
    },
  })

  const count = submitCount > 0 ? errorCount(errors) : 0

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label={props.submitLabel}>
      {count > 0 && (
        <div
          role="alert"
          className="rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800"
        >
          <p className="font-medium">{t('digitalHealth.form.fixErrors', { count })}</p>
        </div>
      )}

      <Card title={t('digitalHealth.form.caseSection')}>
        <div className={cn('grid gap-4', mode === 'edit' ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
          <SelectField
            label={t('digitalHealth.field.caseTemplate')}
            error={errors.caseTemplate?.message}
            {...templateField}
          >
            <option value="">{t('digitalHealth.form.chooseTemplate')}</option>
            {caseTemplates.values.map((v) => (
              <option key={v} value={v}>
                {templateLabel(t, v)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('digitalHealth.field.siteCode')}
            error={errors.siteCode?.message}
            {...register('siteCode')}
            disabled={sites === undefined}
          >
            <option value="">
              {sites === undefined ? t('ui.loading') : t('digitalHealth.form.chooseSite')}
            </option>
            {sites?.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('digitalHealth.field.urgency')}
            error={errors.urgency?.message}
            {...register('urgency')}
          >
            <option value="">{t('digitalHealth.form.choose')}</option>
            {caseUrgencies.values.map((v) => (
              <option key={v} value={v}>
                {urgencyLabel(t, v)}
              </option>
            ))}
          </SelectField>
          {mode === 'edit' && (
            <SelectField
              label={t('digitalHealth.field.status')}
              error={errors.status?.message}
              {...register('status')}
            >
              {caseStatuses.values.map((v) => (
                <option key={v} value={v}>
                  {statusLabel(t, v)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      </Card>

      <Card title={t('digitalHealth.form.patientSection')}>
        <div className="grid gap-4 sm:grid-cols-6">
          <TextField
            className="sm:col-span-4"
            label={t('digitalHealth.field.patientName')}
            error={errors.patientName?.message}
            autoComplete="off"
            {...register('patientName')}
          />
          <SelectField
            className="sm:col-span-2"
            label={t('digitalHealth.field.sex')}
            error={errors.sex?.message}
            {...register('sex')}
          >
            <option value="">{t('digitalHealth.form.choose')}</option>
            {genders.values.map((v) => (
              <option key={v} value={v}>
                {sexLabel(t, v)}
              </option>
            ))}
          </SelectField>
          <SelectField
            className="sm:col-span-2"
            label={t('digitalHealth.field.idType')}
            error={errors.idType?.message}
            {...register('idType')}
          >
            {patientIdTypes.values.map((v) => (
              <option key={v} value={v}>
                {idTypeLabel(t, v)}
              </option>
            ))}
          </SelectField>
          <TextField
            className="sm:col-span-2 [&_input]:uppercase"
            label={t('digitalHealth.field.idNumber')}
            error={errors.idNumber?.message}
            hint={
              mode === 'edit' && props.maskedId
                ? t('digitalHealth.form.idKeep', { masked: props.maskedId })
                : t('digitalHealth.form.idHint')
            }
            autoComplete="off"
            spellCheck={false}
            // Shown and sent in capitals, however it is typed.
            {...register('idNumber', { setValueAs: (v: string) => v.toUpperCase() })}
          />
          <TextField
            className="sm:col-span-2"
            type="date"
            max={today}
            min="1900-01-01"
            label={t('digitalHealth.field.dateOfBirth')}
            error={errors.dateOfBirth?.message}
            {...register('dateOfBirth')}
          />
          <SelectField
            className="sm:col-span-2"
            label={t('digitalHealth.field.dialCode')}
            error={errors.dialCode?.message}
            {...register('dialCode')}
          >
            {DIAL_CODES.map((d) => (
              <option key={d.code} value={d.code}>
                {dialCodeLabel(t, d.code)}
              </option>
            ))}
          </SelectField>
          <TextField
            className="sm:col-span-4"
            type="tel"
            inputMode="tel"
            label={t('digitalHealth.field.mobileNumber')}
            error={errors.mobileNumber?.message}
            hint={t('digitalHealth.form.mobileHint')}
            autoComplete="off"
            {...register('mobileNumber')}
          />
        </div>
      </Card>

      <Card
        title={
          caseTemplate === ''
            ? t('digitalHealth.form.assessmentSection')
            : t('digitalHealth.form.assessmentOf', { template: templateLabel(t, caseTemplate) })
        }
      >
        {questions.length === 0 ? (
          <p className="text-sm text-slate-500">{t('digitalHealth.form.chooseTemplateFirst')}</p>
        ) : (
          <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {questions.map((q) => (
              <QuestionField
                key={`${caseTemplate}-${q.key}`}
                question={q}
                value={answers[q.key]}
                error={errors.answers?.[q.key]?.message}
                register={register}
              />
            ))}
          </div>
        )}
        {answersError && <p className="mt-2 text-xs text-rose-700">{answersError}</p>}
      </Card>

      <Card title={t('digitalHealth.form.notesSection')}>
        <div className="grid gap-4">
          <TextAreaField
            label={t('digitalHealth.field.notes')}
            error={errors.notes?.message}
            maxLength={2000}
            {...register('notes')}
          />
          {mode === 'edit' && (
            <TextField
              label={t('digitalHealth.field.comment')}
              hint={t('digitalHealth.form.commentHint')}
              error={errors.comment?.message}
              maxLength={500}
              {...register('comment')}
            />
          )}
          {mode === 'create' && (
            <div
              className={cn(
                'rounded-md border p-3',
                consentError ? 'border-rose-300 bg-rose-50/60' : 'border-slate-200 bg-slate-50',
              )}
            >
              <Checkbox
                label={t('digitalHealth.form.consentLabel')}
                description={
                  <>
                    {t('digitalHealth.form.consentText')}
                    {consentError && <span className="mt-1 block text-xs text-rose-700">{consentError}</span>}
                  </>
                }
                aria-invalid={consentError ? true : undefined}
                {...register('consent')}
              />
            </div>
          )}
        </div>
      </Card>

      <FormError message={formError} />
      {props.footer}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {'href' in props.cancel ? (
          <Link to={props.cancel.href} className={buttonClasses({ variant: 'classic' })}>
            {t('digitalHealth.form.cancel')}
          </Link>
        ) : (
          <Button variant="classic" onClick={props.cancel.onCancel}>
            {t('digitalHealth.form.cancel')}
          </Button>
        )}
        <Button type="submit" loading={props.saving}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  )
}
