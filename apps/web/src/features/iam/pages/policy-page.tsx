import type { Policy, PolicyStatement } from '@portal/contract'
import { policyWriteRequest } from '@portal/contract'
import { useQueries } from '@tanstack/react-query'
import type { SyntheticEvent } from 'react'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSession } from '@/lib/session/session-store'
import {
  resourcesQueryOptions,
  useApps,
  useCreatePolicy,
  useDeletePolicy,
  usePolicy,
  useUpdatePolicy,
} from '../api/policies'
import { AuditTrail } from '../components/audit-trail'
import { Card, Detail } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import type { FieldErrors } from '../components/field-errors'
import { errorsUnder, focusFirstInvalid, serverFieldErrors, validateForm } from '../components/field-errors'
import { FormError, TextAreaField, textFieldReadOnly } from '../components/fields'
import { localizeErrors } from '../components/messages'
import { useIamAccess } from '../components/iam-access'
import { PolicyTypeBadge } from '../components/policy-text'
import type { ResourceChoice, StatementRow } from '../components/statement-editor'
import { ANY, StatementEditor, statementRowsOf, statementsOf } from '../components/statement-editor'
import { BackLink, DetailState, numericId } from './detail-frame'
import { useListHref } from './iam-nav'

const FIELDS = ['name', 'description', 'statements']

/** What "Copy as a custom policy" carries from a preset to the new-policy form. */
interface PolicyDraft {
  name: string
  description: string
  statements: PolicyStatement[]
}

function isDraft(value: unknown): value is { copy: PolicyDraft } {
  return typeof value === 'object' && value !== null && 'copy' in value
}

/** The resources of the apps the rows name, each app asked once (GET /iam/policies/resource?app_code=…). */
function useResourcesFor(rows: readonly StatementRow[]) {
  const { entityCode } = useSession()
  const apps = useMemo(() => [...new Set(rows.map((r) => r.app_code).filter((a) => a !== ANY))], [rows])
  const results = useQueries({ queries: apps.map((app) => resourcesQueryOptions(entityCode, app)) })
  return useCallback(
    (app: string): readonly ResourceChoice[] | undefined => results[apps.indexOf(app)]?.data,
    [apps, results],
  )
}

function PolicyForm({
  policy,
  draft,
  canEdit,
}: {
  policy: Policy | null
  draft?: PolicyDraft | undefined
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const apps = useApps()
  const create = useCreatePolicy()
  const update = useUpdatePolicy(policy?.id ?? 0)
  const source = policy ?? draft
  const [name, setName] = useState(source?.name ?? '')
  const [description, setDescription] = useState(source?.description ?? '')
  const [rows, setRows] = useState<StatementRow[]>(() => (source ? statementRowsOf(source.statements) : []))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const resourcesFor = useResourcesFor(rows)
  const busy = create.isPending || update.isPending

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setMessage(null)
    const checked = validateForm(policyWriteRequest, { name, description, statements: statementsOf(rows) })
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
    if (policy) {
      update.mutate(checked.data, {
        onSuccess: () =>
          addToast({ title: t('iamScreens.policies.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    } else {
      create.mutate(checked.data, {
        onSuccess: (created) => {
          addToast({ title: t('iamScreens.policies.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/policies/${String(created.id)}`, { replace: true })
        },
        onError,
      })
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Card title={t('iamScreens.policies.details')}>
        <div className="space-y-4">
          <TextField
            label={t('iamScreens.policies.col.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            disabled={!canEdit}
            maxLength={120}
            className={textFieldReadOnly}
          />
          <TextAreaField
            label={t('iamScreens.policies.col.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={errors.description}
            disabled={!canEdit}
            maxLength={500}
          />
        </div>
      </Card>
      <Card title={t('iamScreens.policies.col.statements')} description={t('iamScreens.statements.help')}>
        <StatementEditor
          value={rows}
          onChange={setRows}
          apps={apps.data ?? []}
          resourcesFor={resourcesFor}
          errors={errorsUnder(errors, 'statements')}
          disabled={!canEdit}
        />
      </Card>
      <FormError message={message} />
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={busy}>
            {policy ? t('iamScreens.save') : t('iamScreens.policies.create')}
          </Button>
        </div>
      )}
    </form>
  )
}

function DeletePolicy({ policy }: { policy: Policy }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const listHref = useListHref('policies')
  const remove = useDeletePolicy(policy.id)
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="errorBasic" size="sm" onClick={() => setOpen(true)}>
        {t('iamScreens.delete')}
      </Button>
      <ConfirmModal
        open={open}
        title={t('iamScreens.policies.deleteTitle', { name: policy.name })}
        confirmLabel={t('iamScreens.delete')}
        confirmVariant="error"
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          setOpen(false)
          remove.reset()
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              addToast({ title: t('iamScreens.policies.deleted'), variant: 'success', timeout: 5000 })
              void navigate(listHref, { replace: true })
            },
          })
        }
      >
        <p>{t('iamScreens.policies.deleteText')}</p>
      </ConfirmModal>
    </>
  )
}

function PolicyDetail({ id }: { id: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const access = useIamAccess()
  const query = usePolicy(id)
  if (!query.data)
    return (
      <DetailState
        query={query}
        tab="policies"
        valid={Number.isInteger(id)}
        notFoundTitle={t('iamScreens.policies.notFound')}
      />
    )
  const policy = query.data
  const preset = policy.type === 'preset'
  const canEdit = access.can('policies', 'edit') && !preset
  const copy = () =>
    void navigate('/iam/policies', {
      state: {
        copy: {
          name: t('iamScreens.policies.copyName', { name: policy.name }),
          description: policy.description,
          statements: policy.statements,
        },
      },
    })
  return (
    <>
      <PageHeader
        title={policy.name}
        breadcrumb={<BackLink tab="policies" />}
        description={policy.description || undefined}
        actions={
          <>
            <PolicyTypeBadge type={policy.type} />
            {access.can('policies', 'edit') && (
              <Button variant="classic" size="sm" onClick={copy}>
                {preset ? t('iamScreens.policies.copy') : t('iamScreens.policies.duplicate')}
              </Button>
            )}
            {canEdit && <DeletePolicy policy={policy} />}
          </>
        }
      />
      {preset && (
        <p
          className="mb-5 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
          role="note"
        >
          {t('iamScreens.policies.presetNote')}
        </p>
      )}
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <PolicyForm key={policy.updated_at} policy={policy} canEdit={canEdit} />
        </div>
        <div className="space-y-5">
          <Card title={t('iamScreens.policies.usageTitle')}>
            <dl className="grid grid-cols-2 gap-4">
              <Detail label={t('iamScreens.policies.col.roles')}>{policy.role_count.toLocaleString()}</Detail>
              <Detail label={t('iamScreens.policies.col.users')}>{policy.user_count.toLocaleString()}</Detail>
            </dl>
          </Card>
          {access.can('audit', 'read') && <AuditTrail objectType="policy" objectId={String(policy.id)} />}
        </div>
      </div>
    </>
  )
}

/** /iam/policies/{id?}: a policy (presets read-only), or a new custom policy without an id. */
export function PolicyPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const location = useLocation()
  const state: unknown = location.state
  const access = useIamAccess()
  if (id !== undefined) return <PolicyDetail key={id} id={numericId(id)} />
  const draft = isDraft(state) ? state.copy : undefined
  return (
    <>
      <PageHeader title={t('iamScreens.policies.new')} breadcrumb={<BackLink tab="policies" />} />
      <div className="max-w-4xl">
        <PolicyForm key={location.key} policy={null} draft={draft} canEdit={access.can('policies', 'edit')} />
      </div>
    </>
  )
}
