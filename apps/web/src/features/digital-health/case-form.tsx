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
import type { ComponentPropsWithRef, ReactNode, SyntheticEvent } from 'react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { z } from 'zod'
import { Card, FieldSet, FormError, SelectField } from '@/components/form-kit/fields'
import type { FieldErrors } from '@/components/form-kit/form-errors'
import { serverErrors, validate } from '@/components/form-kit/form-errors'
import { Button, buttonClasses } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import type { CaseDraft } from './case-draft'
import { formFieldOrder, questionsOf } from './case-draft'
import {
  dialCodeLabel,
  idTypeLabel,
  questionLabel,
  sexLabel,
  statusLabel,
  templateLabel,
  urgencyLabel,
} from './case-labels'

/** A labelled multi-line input with its message, styled like the shared TextField. */
function TextAreaField({
  label,
  error,
  hint,
  className,
  ...props
}: Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string
  error?: string | undefined
  hint?: string
}) {
  const id = useId()
  const message = error ?? hint
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className={cn(
          'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
          'aria-invalid:border-rose-400',
        )}
        {...props}
      />
      {message && (
        <p id={`${id}-message`} className={cn('mt-1 text-xs', error ? 'text-rose-700' : 'text-slate-500')}>
          {message}
        </p>
      )}
    </div>
  )
}

/** A yes/no question: two radio buttons drawn as a segmented control, with no answer until one is picked. */
function YesNoField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string
  label: string
  value: string
  error?: string | undefined
  onChange: (value: string) => void
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
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-invalid={error ? true : undefined}
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
  onChange,
}: {
  question: CaseQuestion
  value: string
  error?: string | undefined
  onChange: (value: string) => void
}) {
  const { t } = useTranslation()
  const name = `answers.${question.key}`
  const label = questionLabel(t, question)
  switch (question.kind) {
    case 'boolean':
      return <YesNoField name={name} label={label} value={value} error={error} onChange={onChange} />
    case 'choice':
      return (
        <SelectField
          name={name}
          label={label}
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value)}
        >
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
          name={name}
          label={question.unit && !question.unit.startsWith('/') ? `${label} (${question.unit})` : label}
          value={value}
          error={error}
          hint={t('digitalHealth.form.range', { min: question.min, max: question.max })}
          inputMode={question.step === 1 ? 'numeric' : 'decimal'}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'text':
      return (
        <TextAreaField
          className="sm:col-span-2"
          name={name}
          label={`${label} ${t('digitalHealth.form.optional')}`}
          value={value}
          error={error}
          maxLength={question.maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
}

export interface CaseFormProps<S extends z.ZodType> {
  mode: 'create' | 'edit'
  initial: CaseDraft
  sites: readonly CaseSite[] | undefined
  /** Edit: the ID on file ("S****567D"), kept when the ID field is left blank. */
  maskedId?: string
  /** The contract's schema of the request, and how the draft becomes its body. */
  schema: S
  toBody: (draft: CaseDraft) => unknown
  submitLabel: string
  saving: boolean
  /** Sends the checked body; throws the API's error (its field messages are shown beside the fields). */
  onValid: (body: z.output<S>) => Promise<void>
  cancel: { href: string } | { onCancel: () => void }
  /** Shown above the buttons, e.g. a conflict with a reload action. */
  footer?: ReactNode
}

/**
 * The case intake form, also used to update a case. Every field is checked with the contract's schema before
 * sending (the server checks the same one); each message shows under its field, a summary says how many, and the
 * focus goes to the first.
 */
export function CaseForm<S extends z.ZodType>(props: CaseFormProps<S>) {
  const { t } = useTranslation()
  const { mode, sites } = props
  const [draft, setDraft] = useState<CaseDraft>(props.initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [focusFirst, setFocusFirst] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const questions = questionsOf(draft.caseTemplate)
  const today = clinicToday()

  const set = <K extends keyof CaseDraft>(key: K, value: CaseDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setErrors((e) => {
      if (!(key in e)) return e
      const { [key]: _removed, ...rest } = e
      return rest
    })
  }
  const setAnswer = (key: string, value: string) => {
    setDraft((d) => ({ ...d, answers: { ...d.answers, [key]: value } }))
    setErrors((e) => {
      const path = `answers.${key}`
      if (!(path in e)) return e
      const { [path]: _removed, ...rest } = e
      return rest
    })
  }

  // After a refused submit, the first field with a message takes the focus (in the order the form shows them).
  useEffect(() => {
    if (focusFirst === 0) return
    const first = formFieldOrder(draft.caseTemplate).find((f) => f in errors)
    if (!first) return
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)
    target?.focus()
    // Only a new refused submit moves the focus, not every keystroke after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusFirst])

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const checked = validate(props.schema, props.toBody(draft), () => [])
    if (!checked.ok) {
      setErrors(checked.errors)
      setFocusFirst((n) => n + 1)
      return
    }
    setErrors({})
    try {
      await props.onValid(checked.data)
    } catch (error) {
      const server = serverErrors(error, formFieldOrder(draft.caseTemplate))
      setErrors(server.fields)
      setFormError(server.message)
      if (Object.keys(server.fields).length > 0) setFocusFirst((n) => n + 1)
    }
  }

  const errorCount = Object.keys(errors).length

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4"
      aria-label={props.submitLabel}
    >
      {errorCount > 0 && (
        <div
          role="alert"
          className="rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800"
        >
          <p className="font-medium">{t('digitalHealth.form.fixErrors', { count: errorCount })}</p>
        </div>
      )}

      <Card title={t('digitalHealth.form.caseSection')}>
        <div className={cn('grid gap-4', mode === 'edit' ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
          <SelectField
            name="caseTemplate"
            label={t('digitalHealth.field.caseTemplate')}
            value={draft.caseTemplate}
            error={errors.caseTemplate}
            onChange={(e) => {
              const value = e.target.value
              setDraft((d) => ({
                ...d,
                caseTemplate: value,
                answers: value === d.caseTemplate ? d.answers : {},
              }))
              setErrors((prev) =>
                Object.fromEntries(
                  Object.entries(prev).filter(([k]) => k !== 'caseTemplate' && !k.startsWith('answers.')),
                ),
              )
            }}
          >
            <option value="">{t('digitalHealth.form.chooseTemplate')}</option>
            {caseTemplates.values.map((v) => (
              <option key={v} value={v}>
                {templateLabel(t, v)}
              </option>
            ))}
          </SelectField>
          <SelectField
            name="siteCode"
            label={t('digitalHealth.field.siteCode')}
            value={draft.siteCode}
            error={errors.siteCode}
            onChange={(e) => set('siteCode', e.target.value)}
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
            name="urgency"
            label={t('digitalHealth.field.urgency')}
            value={draft.urgency}
            error={errors.urgency}
            onChange={(e) => set('urgency', e.target.value)}
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
              name="status"
              label={t('digitalHealth.field.status')}
              value={draft.status}
              error={errors.status}
              onChange={(e) => set('status', e.target.value)}
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
            name="patientName"
            label={t('digitalHealth.field.patientName')}
            value={draft.patientName}
            error={errors.patientName}
            autoComplete="off"
            onChange={(e) => set('patientName', e.target.value)}
          />
          <SelectField
            className="sm:col-span-2"
            name="sex"
            label={t('digitalHealth.field.sex')}
            value={draft.sex}
            error={errors.sex}
            onChange={(e) => set('sex', e.target.value)}
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
            name="idType"
            label={t('digitalHealth.field.idType')}
            value={draft.idType}
            error={errors.idType}
            onChange={(e) => set('idType', e.target.value)}
          >
            {patientIdTypes.values.map((v) => (
              <option key={v} value={v}>
                {idTypeLabel(t, v)}
              </option>
            ))}
          </SelectField>
          <TextField
            className="sm:col-span-2"
            name="idNumber"
            label={t('digitalHealth.field.idNumber')}
            value={draft.idNumber}
            error={errors.idNumber}
            hint={
              mode === 'edit' && props.maskedId
                ? t('digitalHealth.form.idKeep', { masked: props.maskedId })
                : t('digitalHealth.form.idHint')
            }
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set('idNumber', e.target.value.toUpperCase())}
          />
          <TextField
            className="sm:col-span-2"
            name="dateOfBirth"
            type="date"
            max={today}
            min="1900-01-01"
            label={t('digitalHealth.field.dateOfBirth')}
            value={draft.dateOfBirth}
            error={errors.dateOfBirth}
            onChange={(e) => set('dateOfBirth', e.target.value)}
          />
          <SelectField
            className="sm:col-span-2"
            name="dialCode"
            label={t('digitalHealth.field.dialCode')}
            value={draft.dialCode}
            error={errors.dialCode}
            onChange={(e) => set('dialCode', e.target.value)}
          >
            {DIAL_CODES.map((d) => (
              <option key={d.code} value={d.code}>
                {dialCodeLabel(t, d.code)}
              </option>
            ))}
          </SelectField>
          <TextField
            className="sm:col-span-4"
            name="mobileNumber"
            type="tel"
            inputMode="tel"
            label={t('digitalHealth.field.mobileNumber')}
            value={draft.mobileNumber}
            error={errors.mobileNumber}
            hint={t('digitalHealth.form.mobileHint')}
            autoComplete="off"
            onChange={(e) => set('mobileNumber', e.target.value)}
          />
        </div>
      </Card>

      <Card
        title={
          draft.caseTemplate === ''
            ? t('digitalHealth.form.assessmentSection')
            : t('digitalHealth.form.assessmentOf', { template: templateLabel(t, draft.caseTemplate) })
        }
      >
        {questions.length === 0 ? (
          <p className="text-sm text-slate-500">{t('digitalHealth.form.chooseTemplateFirst')}</p>
        ) : (
          <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {questions.map((q) => (
              <QuestionField
                key={`${draft.caseTemplate}-${q.key}`}
                question={q}
                value={draft.answers[q.key] ?? ''}
                error={errors[`answers.${q.key}`]}
                onChange={(v) => setAnswer(q.key, v)}
              />
            ))}
          </div>
        )}
        {errors.answers && <p className="mt-2 text-xs text-rose-700">{errors.answers}</p>}
      </Card>

      <Card title={t('digitalHealth.form.notesSection')}>
        <div className="grid gap-4">
          <TextAreaField
            name="notes"
            label={t('digitalHealth.field.notes')}
            value={draft.notes}
            error={errors.notes}
            maxLength={2000}
            onChange={(e) => set('notes', e.target.value)}
          />
          {mode === 'edit' && (
            <TextField
              name="comment"
              label={t('digitalHealth.field.comment')}
              hint={t('digitalHealth.form.commentHint')}
              value={draft.comment}
              error={errors.comment}
              maxLength={500}
              onChange={(e) => set('comment', e.target.value)}
            />
          )}
          {mode === 'create' && (
            <div
              className={cn(
                'rounded-md border p-3',
                errors.consent ? 'border-rose-300 bg-rose-50/60' : 'border-slate-200 bg-slate-50',
              )}
            >
              <Checkbox
                name="consent"
                label={t('digitalHealth.form.consentLabel')}
                description={
                  <>
                    {t('digitalHealth.form.consentText')}
                    {errors.consent && (
                      <span className="mt-1 block text-xs text-rose-700">{errors.consent}</span>
                    )}
                  </>
                }
                checked={draft.consent}
                aria-invalid={errors.consent ? true : undefined}
                onChange={(e) => set('consent', e.target.checked)}
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
