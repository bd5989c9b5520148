import type { setDetail, SetWriteRequest } from '@portal/contract'
import { setResource, setWriteRequest } from '@portal/contract'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { DetailState } from '@/components/form-kit/detail-state'
import { FormError, readOnlyText } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateSet, useSet, useSetParents, useUpdateSet } from '../api/sets'
import { AuditTrail } from '../components/audit-trail'
import { Card } from '../components/card'
import { flatErrors } from '../components/field-errors'
import { useIamAccess } from '../components/iam-access'
import { SetPicker } from '../components/iam-pickers'
import { ResourcePicker } from '../components/resource-picker'
import { BackLink, numericId } from './detail-frame'

type SetDetail = z.infer<typeof setDetail>

/** The set form: its resources are chosen by name, and sent as the request's `resource_codes`. */
export const setForm = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string(),
    parent_id: z.number().nullable(),
    resources: z.array(setResource),
  })
  .transform(({ resources, ...rest }): SetWriteRequest => ({
    ...rest,
    resource_codes: resources.map((r) => r.resource_code),
  }))
  .pipe(setWriteRequest)

/**
 * Where the chosen parent sits (GET /iam/sets/{id} and GET /iam/sets/{id}/parents): the path from the top set down
 * to it, so a set is not placed under the wrong "East" by mistake.
 */
function ParentPath({ parentId }: { parentId: number | null }) {
  const { t } = useTranslation()
  const parent = useSet(parentId)
  const chain = useSetParents(parentId)
  if (parentId === null)
    return <p className="mt-1 text-xs text-slate-500">{t('iamScreens.sets.parentHint')}</p>
  if (!parent.data || !chain.data) return null
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="parent-path">
      {t('iamScreens.sets.placedUnder', {
        path: [...chain.data.map((p) => p.name), parent.data.name].join(' › '),
      })}
    </p>
  )
}

function SetForm({ set, canEdit }: { set: SetDetail | null; canEdit: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const create = useCreateSet()
  const update = useUpdateSet(set?.id ?? 0)
  const form = useZodForm(setForm, {
    defaultValues: {
      code: set?.code ?? '',
      name: set?.name ?? '',
      description: set?.description ?? '',
      parent_id: set?.parent_id ?? null,
      resources: set?.resources ?? [],
    },
  })
  const errors = flatErrors(form.formState.errors, t)
  const [message, setMessage] = useState<string | null>(null)
  // The chosen parent's name, shown in the picker; the stored parent's name comes with its details.
  const [parentName, setParentName] = useState<string | undefined>(undefined)
  const parentId = form.watch('parent_id')
  const storedParent = useSet(parentName === undefined ? parentId : null)
  const busy = create.isPending || update.isPending
  // Neither the set itself nor its children can be its parent (the server refuses deeper cycles too).
  const notParents = set ? [set.id, ...set.children.map((c) => c.id)] : []

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    const onError = (err: Error) => setMessage(applyServerErrors(form, err, ['resource_codes']))
    if (set) {
      update.mutate(body, {
        onSuccess: () => addToast({ title: t('iamScreens.sets.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          addToast({ title: t('iamScreens.sets.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/sets/${String(created.id)}`, { replace: true })
        },
        onError,
      })
    }
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <Card title={t('iamScreens.sets.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('iamScreens.sets.col.name')}
            {...form.register('name')}
            error={errors.name}
            disabled={!canEdit}
            maxLength={120}
            className={readOnlyText}
          />
          <TextField
            label={t('iamScreens.sets.col.code')}
            {...form.register('code')}
            error={errors.code}
            hint={t('iamScreens.sets.codeHint')}
            disabled={!canEdit}
            maxLength={64}
            className={cn(readOnlyText, '[&_input]:font-mono')}
          />
          <div className="sm:col-span-2">
            <p className="mb-1.5 text-sm font-medium text-slate-700" aria-hidden="true">
              {t('iamScreens.sets.col.parent')}
            </p>
            <Controller
              control={form.control}
              name="parent_id"
              render={({ field }) => (
                <SetPicker
                  label={t('iamScreens.sets.col.parent')}
                  noneLabel={t('iamScreens.sets.noParent')}
                  value={field.value}
                  valueLabel={field.value === null ? undefined : (parentName ?? storedParent.data?.name)}
                  onChange={(o) => {
                    setParentName(o?.label)
                    field.onChange(o?.value ?? null)
                  }}
                  exclude={notParents}
                  compact={false}
                  disabled={!canEdit}
                  invalid={errors.parent_id !== undefined}
                />
              )}
            />
            {errors.parent_id ? (
              <p className="mt-1 text-xs text-rose-700">{errors.parent_id}</p>
            ) : (
              <ParentPath parentId={parentId} />
            )}
          </div>
          <TextAreaField
            label={t('iamScreens.sets.col.description')}
            {...form.register('description')}
            error={errors.description}
            disabled={!canEdit}
            maxLength={500}
            className="sm:col-span-2"
          />
        </div>
      </Card>
      <Card title={t('iamScreens.sets.col.resources')} description={t('iamScreens.sets.resourcesHelp')}>
        <Controller
          control={form.control}
          name="resources"
          render={({ field }) => (
            <ResourcePicker
              value={field.value}
              onChange={field.onChange}
              error={errors.resource_codes ?? errors.resources}
              disabled={!canEdit}
            />
          )}
        />
      </Card>
      <FormError message={message} />
      {canEdit && (
        <Button type="submit" loading={busy}>
          {set ? t('iamScreens.save') : t('iamScreens.sets.create')}
        </Button>
      )}
    </form>
  )
}

function Place({ set }: { set: SetDetail }) {
  const { t } = useTranslation()
  const parents = useSetParents(set.id)
  return (
    <Card title={t('iamScreens.sets.place')}>
      <nav aria-label={t('iamScreens.sets.path')} className="text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-600">
          {(parents.data ?? []).map((p) => (
            <li key={p.id} className="inline-flex items-center gap-1">
              <Link to={`/iam/sets/${String(p.id)}`} className="text-brand-700 hover:underline">
                {p.name}
              </Link>
              <span aria-hidden="true" className="text-slate-400">
                ›
              </span>
            </li>
          ))}
          <li aria-current="page" className="font-medium text-slate-900">
            {set.name}
          </li>
        </ol>
        {parents.data?.length === 0 && (
          <p className="mt-1 text-xs text-slate-500">{t('iamScreens.sets.topLevel')}</p>
        )}
      </nav>
      <h3 className="mt-4 mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('iamScreens.sets.children', { count: set.children.length })}
      </h3>
      {set.children.length === 0 ? (
        <p className="text-sm text-slate-500">{t('iamScreens.sets.noChildren')}</p>
      ) : (
        <ul className="space-y-1">
          {set.children.map((c) => (
            <li key={c.id} className="flex items-baseline justify-between gap-2 text-sm">
              <Link to={`/iam/sets/${String(c.id)}`} className="truncate text-brand-700 hover:underline">
                {c.name}
              </Link>
              <code className="shrink-0 font-mono text-xs text-slate-500">{c.code}</code>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function SetDetailPage({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const access = useIamAccess()
  const query = useSet(id)
  if (!query.data)
    return (
      <DetailState
        query={query}
        valid={Number.isInteger(id)}
        title={t('iamScreens.tabs.sets')}
        breadcrumb={<BackLink tab="sets" />}
        notFoundTitle={t('iamScreens.sets.notFound')}
        notFoundDescription={t('iamScreens.notFoundDescription')}
      />
    )
  const set = query.data
  return (
    <>
      <PageHeader
        title={set.name}
        breadcrumb={<BackLink tab="sets" />}
        description={
          <>
            <code className="font-mono">{set.code}</code> ·{' '}
            {t('iamScreens.sets.resourceCount', {
              count: set.resource_count,
              formatted: set.resource_count.toLocaleString(i18n.language),
            })}
          </>
        }
      />
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <SetForm set={set} canEdit={access.can('sets', 'edit')} />
        </div>
        <div className="space-y-5">
          <Place set={set} />
          {access.can('audit', 'read') && <AuditTrail objectType="set" objectId={String(set.id)} />}
        </div>
      </div>
    </>
  )
}

/** /iam/sets/{id?}: a set of resources with its place in the hierarchy, or a new set without an id. */
export function SetPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const access = useIamAccess()
  if (id !== undefined) return <SetDetailPage key={id} id={numericId(id)} />
  return (
    <>
      <PageHeader title={t('iamScreens.sets.new')} breadcrumb={<BackLink tab="sets" />} />
      <div className="max-w-4xl">
        <SetForm set={null} canEdit={access.can('sets', 'edit')} />
      </div>
    </>
  )
}
