import type { ResourceSet, SetResource } from '@portal/contract'
import type { setDetail } from '@portal/contract'
import { setWriteRequest } from '@portal/contract'
import type { SyntheticEvent } from 'react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import type { z } from 'zod'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useCreateSet, useSet, useSetChoices, useSetParents, useUpdateSet } from '../api/sets'
import { AuditTrail } from '../components/audit-trail'
import { Card } from '../components/card'
import type { FieldErrors } from '../components/field-errors'
import { focusFirstInvalid, serverFieldErrors, validateForm } from '../components/field-errors'
import { FormError, SelectField, TextAreaField, textFieldReadOnly } from '../components/fields'
import { localizeErrors } from '../components/messages'
import { useIamAccess } from '../components/iam-access'
import { ResourcePicker } from '../components/resource-picker'
import { BackLink, DetailState, numericId } from './detail-frame'

type SetDetail = z.infer<typeof setDetail>

const FIELDS = ['code', 'name', 'description', 'parent_id', 'resource_codes']

/** A set and every set below it: none of them can become its parent (the server refuses cycles too). */
export function setAndDescendants(
  sets: readonly Pick<ResourceSet, 'id' | 'parent_id'>[],
  id: number,
): Set<number> {
  const out = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const s of sets) {
      if (s.parent_id !== null && out.has(s.parent_id) && !out.has(s.id)) {
        out.add(s.id)
        grew = true
      }
    }
  }
  return out
}

function SetForm({ set, canEdit }: { set: SetDetail | null; canEdit: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const all = useSetChoices()
  const create = useCreateSet()
  const update = useUpdateSet(set?.id ?? 0)
  const [code, setCode] = useState(set?.code ?? '')
  const [name, setName] = useState(set?.name ?? '')
  const [description, setDescription] = useState(set?.description ?? '')
  const [parentId, setParentId] = useState<number | null>(set?.parent_id ?? null)
  const [resources, setResources] = useState<SetResource[]>(set?.resources ?? [])
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const busy = create.isPending || update.isPending

  const parents = useMemo(() => {
    const sets = all.data?.sets ?? []
    const excluded = set ? setAndDescendants(sets, set.id) : new Set<number>()
    return sets.filter((s) => !excluded.has(s.id))
  }, [all.data, set])

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setMessage(null)
    const checked = validateForm(setWriteRequest, {
      code,
      name,
      description,
      parent_id: parentId,
      resource_codes: resources.map((r) => r.resource_code),
    })
    if (!checked.ok) {
      setErrors(localizeErrors(t, checked.errors))
      focusFirstInvalid(form)
      return
    }
    setErrors({})
    const onError = (err: Error) => {
      const mapped = serverFieldErrors(err, FIELDS, t('iamScreens.saveFailed'))
      setErrors(localizeErrors(t, mapped.fields))
      focusFirstInvalid(form)
      setMessage(mapped.message)
    }
    if (set) {
      update.mutate(checked.data, {
        onSuccess: () => addToast({ title: t('iamScreens.sets.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    } else {
      create.mutate(checked.data, {
        onSuccess: (created) => {
          addToast({ title: t('iamScreens.sets.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/sets/${String(created.id)}`, { replace: true })
        },
        onError,
      })
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Card title={t('iamScreens.sets.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('iamScreens.sets.col.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            disabled={!canEdit}
            maxLength={120}
            className={textFieldReadOnly}
          />
          <TextField
            label={t('iamScreens.sets.col.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
            hint={t('iamScreens.sets.codeHint')}
            disabled={!canEdit}
            maxLength={64}
            className={cn(textFieldReadOnly, '[&_input]:font-mono')}
          />
          <SelectField
            label={t('iamScreens.sets.col.parent')}
            value={parentId === null ? '' : String(parentId)}
            onChange={(e) => setParentId(e.target.value === '' ? null : Number(e.target.value))}
            error={errors.parent_id}
            hint={t('iamScreens.sets.parentHint')}
            disabled={!canEdit}
            className="sm:col-span-2"
          >
            <option value="">{t('iamScreens.sets.noParent')}</option>
            {parents.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name} ({s.code})
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={t('iamScreens.sets.col.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={errors.description}
            disabled={!canEdit}
            maxLength={500}
            className="sm:col-span-2"
          />
        </div>
      </Card>
      <Card title={t('iamScreens.sets.col.resources')} description={t('iamScreens.sets.resourcesHelp')}>
        <ResourcePicker
          value={resources}
          onChange={setResources}
          error={errors.resource_codes}
          disabled={!canEdit}
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
        tab="sets"
        valid={Number.isInteger(id)}
        notFoundTitle={t('iamScreens.sets.notFound')}
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
