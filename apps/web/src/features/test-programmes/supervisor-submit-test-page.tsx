import type { AuthGroupConfig, CredentialKind, TestInstanceRow } from '@portal/contract'
import {
  CREDENTIAL_PATTERNS,
  credentialKinds,
  effectiveAuthConfig,
  formatDateTime,
  programmes,
  testResults,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Card, FormError, SelectField } from '@/components/form-kit/fields'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { SuccessIcon } from '@/components/ui/icons/icons'
import { TextField } from '@/components/ui/text-field/text-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { isForbidden } from '@/lib/http'
import {
  uploadTestImage,
  useSubmitTest,
  useTestGroup,
  useTestGroups,
  useTestPeople,
} from './api/reporting-api'
import { ConfigSummary } from './config-summary'
import { groupPath, personPath } from './programme-paths'
import { ResultBadge } from './status-badges'
import { emptyDraft, submitFormSchema, toLocalInput } from './submit-form'
import { serverMessage } from '@/lib/server-messages'

const PLACEHOLDERS: Record<CredentialKind, string> = {
  testID: 'ART-12345678',
  nationalId: 'S1234567D',
  passportNo: 'K1234567',
  staffId: 'E10234',
}

function PhotoField({
  config,
  value,
  error,
  onChange,
}: {
  config: AuthGroupConfig
  value: string
  error: string | undefined
  onChange: (url: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const message = uploadError ?? error
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('testProgrammes.form.photo')}
        {!config.image.required && (
          <span className="ml-1 font-normal text-slate-500">({t('testProgrammes.form.optional')})</span>
        )}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value && (
          <img
            src={value}
            alt={t('testProgrammes.form.photoPreview')}
            className="size-16 rounded-md border border-slate-200 object-cover"
          />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (!file) return
            setUploading(true)
            setUploadError(null)
            uploadTestImage(file)
              .then(onChange)
              .catch((err: unknown) => setUploadError(serverMessage(err) || String(err)))
              .finally(() => setUploading(false))
          }}
        />
        {uploading && <span className="text-sm text-slate-500">{t('testProgrammes.form.uploading')}</span>}
        {value && !uploading && (
          <Button
            variant="secondaryBasic"
            size="sm"
            onClick={() => {
              onChange('')
              if (input.current) input.current.value = ''
            }}
          >
            {t('testProgrammes.form.removePhoto')}
          </Button>
        )}
      </div>
      {message && (
        <p id={`${id}-message`} className="mt-1 text-xs text-rose-700">
          {message}
        </p>
      )}
    </div>
  )
}

function Confirmation({
  row,
  programme,
  onAnother,
}: {
  row: TestInstanceRow
  programme: string
  onAnother: () => void
}) {
  const { t } = useTranslation()
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-5">
      <div className="flex items-start gap-3">
        <SuccessIcon className="mt-0.5 size-6 shrink-0 text-emerald-600" />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">{t('testProgrammes.form.recordedTitle')}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {t('testProgrammes.form.recordedMessage', {
              name: row.fullName,
              time: formatDateTime(row.submittedAt),
            })}
            <ResultBadge value={row.result} />
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
            <div>
              <dt className="inline">{t('testProgrammes.col.testKitProvider')}: </dt>
              <dd className="inline text-slate-900">{row.testKitProvider}</dd>
            </div>
            <div>
              <dt className="inline">{t('testProgrammes.col.siteRef')}: </dt>
              <dd className="inline font-mono text-slate-900">{row.siteRef}</dd>
            </div>
            {row.testKitLot && (
              <div>
                <dt className="inline">{t('testProgrammes.col.testKitLot')}: </dt>
                <dd className="inline font-mono text-slate-900">{row.testKitLot}</dd>
              </div>
            )}
            {row.testID && (
              <div>
                <dt className="inline">{t('testProgrammes.col.testID')}: </dt>
                <dd className="inline font-mono text-slate-900">{row.testID}</dd>
              </div>
            )}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link
              to={personPath(programme, row.personUuid)}
              className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              {t('testProgrammes.form.viewPerson', { name: row.fullName })}
            </Link>
            <Link
              to={groupPath(programme, row.groupUuid)}
              className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              {t('testProgrammes.form.viewGroup')}
            </Link>
            <Button size="sm" onClick={onAnother}>
              {t('testProgrammes.form.another')}
            </Button>
          </div>
        </div>
      </div>
    </div>
  )
}

/**
 * /supervisor-submit-test: a supervisor records a test result for a member of a group. The form asks what the
 * group's auth group configuration asks (A §3; with no credentials, A §5's fallback: a photo, no lot number, no kit
 * ID), checks each field before sending, shows what the server refuses beside its field, and confirms what was
 * recorded with the ways to see it in the lists.
 */
export function SupervisorSubmitTestPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const [done, setDone] = useState<TestInstanceRow | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [personFilter, setPersonFilter] = useState('')
  const [initial] = useState(() => emptyDraft(params.get('group') ?? '', params.get('person') ?? ''))
  const groups = useTestGroups({ limit: 100, offset: 0 })
  // The form asks what the chosen group's configuration asks; its schema follows the group.
  const [groupUuid, setGroupUuid] = useState(initial.group)
  const group = useTestGroup(groupUuid || null)
  const config = effectiveAuthConfig(group.data?.group.authConfig)
  const schema = useMemo(
    () =>
      submitFormSchema(config, {
        required: t('testProgrammes.form.required'),
        invalidTime: t('testProgrammes.form.invalidTime'),
      }),
    [config, t],
  )
  const form = useZodForm(schema, { defaultValues: initial })
  const { errors } = form.formState
  const { register } = form
  const people = useTestPeople({ group_id: groupUuid, limit: 1000, offset: 0 }, groupUuid !== '')
  const submit = useSubmitTest()
  const programme = group.data?.group.programme ?? 'medicord'
  const person = form.watch('person')
  const siteRef = form.watch('siteRef')
  const imageUrl = form.watch('imageUrl')

  const chooseGroup = (uuid: string) => {
    const current = form.getValues()
    setGroupUuid(uuid)
    form.reset({
      ...emptyDraft(uuid, '', new Date()),
      result: current.result,
      testKitProvider: current.testKitProvider,
    })
    setFormError(null)
    setPersonFilter('')
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (uuid) next.set('group', uuid)
        else next.delete('group')
        next.delete('person')
        return next
      },
      { replace: true },
    )
  }

  const visiblePeople = useMemo(() => {
    const needle = personFilter.trim().toLowerCase()
    const all = people.data?.people ?? []
    return needle
      ? all.filter(
          (p) =>
            p.fullName.toLowerCase().includes(needle) ||
            p.mobileNumber.replace(/\s/g, '').includes(needle.replace(/\s/g, '')) ||
            p.nationalIdLastFour.toLowerCase().includes(needle),
        )
      : all
  }, [people.data, personFilter])
  const chosenPerson = people.data?.people.find((p) => p.uuid === person)

  const onSubmit = form.handleSubmit(
    async (body) => {
      setFormError(null)
      try {
        setDone(await submit.mutateAsync(body))
      } catch (err) {
        const message = applyServerErrors(
          form,
          err,
          config.credentials.map((kind) => `credentials.${kind}`),
        )
        setFormError(
          message === null
            ? t('testProgrammes.form.fixFields')
            : t('testProgrammes.form.failed', { message }),
        )
      }
    },
    () => setFormError(t('testProgrammes.form.fixFields')),
  )

  if (groups.isError && isForbidden(groups.error))
    return (
      <>
        <PageHeader title={t('testProgrammes.form.title')} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={t('table.noAccessTitle')} description={t('table.noAccessDescription')} />
        </div>
      </>
    )

  const grouped = (['medicord', 'covid'] as const).map((p) => ({
    programme: p,
    groups: (groups.data?.groups ?? []).filter((g) => g.programme === p),
  }))

  return (
    <>
      <PageHeader title={t('testProgrammes.form.title')} description={t('testProgrammes.form.subtitle')} />
      {done ? (
        <Confirmation
          row={done}
          programme={programme}
          onAnother={() => {
            const d = form.getValues()
            setDone(null)
            // The next person of the same session: the kit, its lot and the site stay.
            form.reset({
              ...emptyDraft(groupUuid, '', new Date()),
              testKitProvider: d.testKitProvider,
              testKitLotNo: d.testKitLotNo,
              siteRef: d.siteRef,
            })
            submit.reset()
          }}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card title={t('testProgrammes.form.card')}>
            <form
              noValidate
              aria-label={t('testProgrammes.form.title')}
              className="grid gap-4 sm:grid-cols-2"
              onSubmit={(e) => void onSubmit(e)}
            >
              <SelectField
                label={t('testProgrammes.form.group')}
                value={groupUuid}
                error={errors.group?.message}
                onChange={(e) => chooseGroup(e.target.value)}
                className="sm:col-span-2"
              >
                <option value="">
                  {groups.isPending ? t('ui.loading') : t('testProgrammes.form.chooseGroup')}
                </option>
                {grouped.map((g) =>
                  g.groups.length ? (
                    <optgroup key={g.programme} label={labelOf(programmes, g.programme)}>
                      {g.groups.map((x) => (
                        <option key={x.uuid} value={x.uuid}>
                          {x.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : null,
                )}
              </SelectField>
              {groupUuid !== '' && (
                <>
                  <TextField
                    label={t('testProgrammes.form.findPerson')}
                    type="search"
                    value={personFilter}
                    placeholder={t('testProgrammes.form.findPersonHint')}
                    onChange={(e) => setPersonFilter(e.target.value)}
                  />
                  <SelectField
                    label={t('testProgrammes.form.person')}
                    error={errors.person?.message}
                    {...register('person')}
                    hint={
                      chosenPerson
                        ? `${chosenPerson.mobileNumber} · •••• ${chosenPerson.nationalIdLastFour}`
                        : undefined
                    }
                  >
                    <option value="">
                      {people.isPending
                        ? t('ui.loading')
                        : t('testProgrammes.form.choosePerson', { count: visiblePeople.length })}
                    </option>
                    {chosenPerson && !visiblePeople.includes(chosenPerson) && (
                      <option value={chosenPerson.uuid}>{chosenPerson.fullName}</option>
                    )}
                    {visiblePeople.map((p) => (
                      <option key={p.uuid} value={p.uuid}>
                        {p.fullName} (•••• {p.nationalIdLastFour})
                        {p.exempted ? ` · ${t('testProgrammes.form.exemptedTag')}` : ''}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    label={t('testProgrammes.form.result')}
                    error={errors.result?.message}
                    {...register('result')}
                  >
                    <option value="">{t('testProgrammes.form.chooseResult')}</option>
                    {testResults.entries.map((r) => (
                      <option key={r.value} value={r.value}>
                        {labelOf(testResults, r.value)}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={t('testProgrammes.form.testKitProvider')}
                    error={errors.testKitProvider?.message}
                    list="test-kit-providers"
                    autoComplete="off"
                    {...register('testKitProvider')}
                  />
                  <datalist id="test-kit-providers">
                    {(group.data?.testKitProviders ?? []).map((p) => (
                      <option key={p} value={p} />
                    ))}
                  </datalist>
                  {config.useTestKitLotNo && (
                    <TextField
                      label={t('testProgrammes.form.testKitLotNo')}
                      error={errors.testKitLotNo?.message}
                      autoComplete="off"
                      {...register('testKitLotNo')}
                    />
                  )}
                  {config.useTestKitID && (
                    <TextField
                      label={t('testProgrammes.form.testKitID')}
                      error={errors.testKitID?.message}
                      autoComplete="off"
                      {...register('testKitID')}
                    />
                  )}
                  {config.credentials.map((kind) => (
                    <TextField
                      key={kind}
                      label={labelOf(credentialKinds, kind)}
                      error={errors.credentials?.[kind]?.message}
                      placeholder={PLACEHOLDERS[kind]}
                      pattern={CREDENTIAL_PATTERNS[kind].source}
                      autoComplete="off"
                      {...register(`credentials.${kind}`)}
                    />
                  ))}
                  <SelectField
                    label={t('testProgrammes.form.site')}
                    // Unchosen, the group's own site shows (and the server takes it when none is sent).
                    value={siteRef || (group.data?.group.siteRef ?? '')}
                    onChange={(e) => form.setValue('siteRef', e.target.value)}
                  >
                    {(group.data?.sites ?? []).map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={t('testProgrammes.form.submittedAt')}
                    type="datetime-local"
                    max={toLocalInput(new Date(Date.now() + 5 * 60_000))}
                    error={errors.submittedAt?.message}
                    {...register('submittedAt')}
                  />
                  {(config.image.allowed || config.image.required) && (
                    <div className="sm:col-span-2">
                      <PhotoField
                        config={config}
                        value={imageUrl}
                        error={errors.imageUrl?.message}
                        onChange={(url) => {
                          form.setValue('imageUrl', url)
                          form.clearErrors('imageUrl')
                        }}
                      />
                    </div>
                  )}
                </>
              )}
              <div className="flex flex-col gap-3 sm:col-span-2">
                <FormError message={formError} />
                <div>
                  <Button type="submit" loading={submit.isPending} disabled={groupUuid === ''}>
                    {t('testProgrammes.form.submit')}
                  </Button>
                </div>
              </div>
            </form>
          </Card>
          <Card title={t('testProgrammes.config.title')} className="self-start">
            {group.data ? (
              <div className="space-y-3">
                <p className="text-sm font-medium text-slate-900">{group.data.group.name}</p>
                <ConfigSummary config={config} />
              </div>
            ) : (
              <p className="text-sm text-slate-500">{t('testProgrammes.form.configHint')}</p>
            )}
          </Card>
        </div>
      )}
    </>
  )
}
