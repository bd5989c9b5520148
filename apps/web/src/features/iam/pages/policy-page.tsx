import type { Policy, PolicyStatement, PolicyWriteRequest } from '@portal/contract'
import { policyWriteRequest } from '@portal/contract'
import { useQueries } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { DetailState } from '@/components/form-kit/detail-state'
import { FormError, readOnlyText } from '@/components/form-kit/fields'
import { TextAreaField } from '@/components/form-kit/text-area-field'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSession } from '@/lib/session/session-store'
import {
  resourcesQueryOptions,
  useActions,
  useApps,
  useCreatePolicy,
  useDeletePolicy,
  usePolicy,
  useUpdatePolicy,
} from '../api/policies'
import { AuditTrail } from '../components/audit-trail'
import { Card, Detail } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import { errorsUnder, flatErrors } from '../components/field-errors'
import { useIamAccess } from '../components/iam-access'
import { PolicyTypeBadge } from '../components/policy-text'
import type { ResourceChoice, StatementRow } from '../components/statement-editor'
import { ANY, StatementEditor, statementRowsOf, statementsOf } from '../components/statement-editor'
import { BackLink, numericId } from './detail-frame'
import { useListHref } from './iam-nav'
import { serverMessage } from '@/lib/server-messages'

/** What "Copy as a custom policy" carries from a preset to the new-policy form. */
interface PolicyDraft {
  name: string
  description: string
  statements: PolicyStatement[]
}

function isDraft(value: unknown): value is { copy: PolicyDraft } {
  return typeof value === 'object' && value !== null && 'copy' in value
}

const statementRow = z.object({
  key: z.string(),
  app_code: z.string(),
  resource_code: z.string(),
  action_code: z.string(),
})

/** The policy form: statements are edited as rows and sent, checked by the contract, as the request's statements. */
export const policyForm = z
  .object({ name: z.string(), description: z.string(), statements: z.array(statementRow) })
  // The rows hold plain strings until the contract's schema, piped next, checks each code.
  .transform((v) => ({ ...v, statements: statementsOf(v.statements) }) as PolicyWriteRequest)
  .pipe(policyWriteRequest)

/** The request paths of the statements' cells, where the server's messages about them belong. */
const statementPaths = (rows: readonly StatementRow[]) =>
  rows.flatMap((_, i) =>
    ['app_code', 'resource_code', 'action_code'].map((k) => `statements.${String(i)}.${k}`),
  )

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
  const actions = useActions()
  const create = useCreatePolicy()
  const update = useUpdatePolicy(policy?.id ?? 0)
  const source = policy ?? draft
  const form = useZodForm(policyForm, {
    defaultValues: {
      name: source?.name ?? '',
      description: source?.description ?? '',
      statements: source ? statementRowsOf(source.statements) : [],
    },
  })
  const errors = flatErrors(form.formState.errors, t)
  const [message, setMessage] = useState<string | null>(null)
  const rows = form.watch('statements')
  const resourcesFor = useResourcesFor(rows)
  const busy = create.isPending || update.isPending

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    const onError = (err: Error) =>
      setMessage(applyServerErrors(form, err, statementPaths(form.getValues('statements'))))
    if (policy) {
      update.mutate(body, {
        onSuccess: () =>
          addToast({ title: t('iamScreens.policies.saved'), variant: 'success', timeout: 5000 }),
        onError,
      })
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          addToast({ title: t('iamScreens.policies.created'), variant: 'success', timeout: 5000 })
          void navigate(`/iam/policies/${String(created.id)}`, { replace: true })
        },
        onError,
      })
    }
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <Card title={t('iamScreens.policies.details')}>
        <div className="space-y-4">
          <TextField
            label={t('iamScreens.policies.col.name')}
            {...form.register('name')}
            error={errors.name}
            disabled={!canEdit}
            maxLength={120}
            className={readOnlyText}
          />
          <TextAreaField
            label={t('iamScreens.policies.col.description')}
            {...form.register('description')}
            error={errors.description}
            disabled={!canEdit}
            maxLength={500}
          />
        </div>
      </Card>
      <Card title={t('iamScreens.policies.col.statements')} description={t('iamScreens.statements.help')}>
        <Controller
          control={form.control}
          name="statements"
          render={({ field }) => (
            <StatementEditor
              value={field.value}
              onChange={field.onChange}
              apps={apps.data ?? []}
              actions={actions.data}
              resourcesFor={resourcesFor}
              errors={errorsUnder(errors, 'statements')}
              disabled={!canEdit}
            />
          )}
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
        error={remove.error ? serverMessage(remove.error) : undefined}
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
        valid={Number.isInteger(id)}
        title={t('iamScreens.tabs.policies')}
        breadcrumb={<BackLink tab="policies" />}
        notFoundTitle={t('iamScreens.policies.notFound')}
        notFoundDescription={t('iamScreens.notFoundDescription')}
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
