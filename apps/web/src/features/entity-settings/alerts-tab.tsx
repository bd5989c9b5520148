import type { AlertKind, AlertRule } from '@portal/contract'
import { ALERT_KIND_INFO, ALERT_KINDS, alertKinds, formatDateTime } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AlertSeverityBadge } from '@/components/alerts/alert-badges'
import { ALERTS_PATH } from '@/components/alerts/alert-paths'
import { Card, FormError } from '@/components/form-kit/fields'
import { serverErrors } from '@/components/form-kit/form-errors'
import { Button } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { Switch } from '@/components/ui/switch/switch'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import { labelOf } from '@/lib/labels'
import { serverMessage } from '@/lib/server-messages'
import type { RuleDraft } from './alert-rules-draft'
import { draftOf, isDirty, ruleUpdateOf } from './alert-rules-draft'
import {
  useAlertRules,
  useAlertSubscription,
  useSaveAlertRule,
  useSetAlertSubscription,
} from './api/alert-rules'
import { NoAccess } from './settings-parts'

/** What a row shows under its controls: its check or the server's refusal, the field's and the rest apart. */
interface RowError {
  threshold?: string
  form?: string
}

const inputClass =
  'h-9 w-24 rounded-md border border-slate-300 bg-white px-2.5 text-right text-sm tabular-nums text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 aria-invalid:border-rose-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-600'

function RuleRow({
  rule,
  draft,
  error,
  readOnly,
  saving,
  onChange,
  onSave,
}: {
  rule: AlertRule
  draft: RuleDraft
  error: RowError | undefined
  readOnly: boolean
  saving: boolean
  onChange: (draft: RuleDraft) => void
  onSave: () => void
}) {
  const { t } = useTranslation()
  const info = ALERT_KIND_INFO[rule.kind]
  const label = labelOf(alertKinds, rule.kind)
  const inputId = `alert-rule-${rule.kind}-threshold`
  const messageId = `${inputId}-message`
  const dirty = isDirty(rule, draft)
  return (
    <li className="grid gap-3 px-4 py-3.5 lg:grid-cols-[minmax(0,1fr)_7rem_14rem_6rem] lg:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {label}
          <AlertSeverityBadge severity={info.severity} />
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {t(`alerts.rules.describe.${rule.kind}`)}
          {rule.updated_at !== null &&
            ` · ${t('alerts.rules.changed', {
              by: rule.updated_by ?? t('alerts.system'),
              at: formatDateTime(rule.updated_at),
            })}`}
        </p>
        <FormError message={error?.form} />
      </div>
      {/* One line of controls under the rule on a phone; the grid's own columns from a laptop up. */}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 lg:contents">
        <div className="flex items-center gap-2">
          <Switch
            checked={draft.enabled}
            onChange={(enabled) => onChange({ ...draft, enabled })}
            disabled={readOnly}
            hideLabel
            label={t('alerts.rules.enabledFor', { kind: label })}
          />
          {/* The switch says its state itself; the word is for the eye. */}
          <span aria-hidden="true" className="text-sm text-slate-600">
            {draft.enabled ? t('alerts.rules.on') : t('alerts.rules.off')}
          </span>
        </div>
        <div>
          {info.threshold === null ? (
            <p className="text-xs text-slate-500">{t('alerts.rules.noThreshold')}</p>
          ) : (
            <div>
              <div className="flex items-center gap-2">
                <label htmlFor={inputId} className="sr-only">
                  {t('alerts.rules.thresholdFor', { kind: label })}
                </label>
                <input
                  id={inputId}
                  type="number"
                  inputMode="numeric"
                  min={info.threshold.min}
                  max={info.threshold.max}
                  step={1}
                  value={draft.threshold}
                  disabled={readOnly}
                  aria-invalid={error?.threshold ? true : undefined}
                  aria-describedby={error?.threshold ? messageId : undefined}
                  onChange={(e) => onChange({ ...draft, threshold: e.target.value })}
                  className={inputClass}
                />
                <span className="text-sm text-slate-600">
                  {t(`alerts.rules.unit.${info.threshold.unit}`)}
                </span>
              </div>
              {error?.threshold && (
                <p id={messageId} className="mt-1 text-xs text-rose-700">
                  {error.threshold}
                </p>
              )}
            </div>
          )}
        </div>
        {!readOnly && (
          <div className="ml-auto lg:ml-0 lg:text-right">
            <Button
              variant="classic"
              size="sm"
              onClick={onSave}
              disabled={!dirty || saving}
              loading={saving}
              aria-label={t('alerts.rules.saveFor', { kind: label })}
            >
              {t('alerts.rules.save')}
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}

/** The rules of every kind, each saved alone or all together; read-only without the edit permission. */
function RulesCard({ rules, readOnly }: { rules: readonly AlertRule[]; readOnly: boolean }) {
  const { t, i18n } = useTranslation()
  const { addToast } = useToast()
  const save = useSaveAlertRule()
  // Edited rows only: a row nobody touched shows the rule as the server has it.
  const [drafts, setDrafts] = useState<Partial<Record<AlertKind, RuleDraft>>>({})
  const [errors, setErrors] = useState<Partial<Record<AlertKind, RowError>>>({})
  const [saving, setSaving] = useState<ReadonlySet<AlertKind>>(new Set())
  const byKind = new Map(rules.map((r) => [r.kind, r]))
  const shown = ALERT_KINDS.flatMap((kind) => {
    const rule = byKind.get(kind)
    return rule ? [{ rule, draft: drafts[kind] ?? draftOf(rule) }] : []
  })
  const dirty = shown.filter(({ rule, draft }) => isDirty(rule, draft))

  const send = async (items: typeof shown) => {
    const checked = items.map(({ rule, draft }) => ({
      kind: rule.kind,
      result: ruleUpdateOf(rule.kind, draft, t, i18n.language),
    }))
    const refused = checked.filter((c) => !c.result.ok)
    setErrors((e) => {
      const next = { ...e }
      for (const c of checked) next[c.kind] = c.result.ok ? undefined : { threshold: c.result.error }
      return next
    })
    if (refused.length > 0) return
    const kinds = new Set(checked.map((c) => c.kind))
    setSaving((s) => new Set([...s, ...kinds]))
    const outcomes = await Promise.allSettled(
      checked.map(async ({ kind, result }) => {
        if (!result.ok) return
        try {
          await save.mutateAsync({ kind, body: result.body })
          setDrafts((d) => ({ ...d, [kind]: undefined }))
        } catch (error) {
          const shownError = serverErrors(error, ['threshold', 'enabled'])
          const threshold = shownError.fields.threshold
          const form = [shownError.fields.enabled, shownError.message].filter(Boolean).join('; ')
          setErrors((e) => ({
            ...e,
            [kind]: { ...(threshold ? { threshold } : {}), ...(form ? { form } : {}) },
          }))
          throw error
        } finally {
          setSaving((s) => new Set([...s].filter((k) => k !== kind)))
        }
      }),
    )
    const failed = outcomes.filter((o) => o.status === 'rejected')
    if (failed.length === 0) {
      addToast({
        variant: 'success',
        title: t('alerts.rules.saved', { count: checked.length }),
        message:
          checked.length === 1 && checked[0]
            ? labelOf(alertKinds, checked[0].kind)
            : t('alerts.rules.savedMany', { count: checked.length }),
        timeout: 4000,
      })
    } else {
      const first = failed[0]
      addToast({
        variant: 'error',
        title: t('entitySettings.saveFailed'),
        message: first?.status === 'rejected' ? serverMessage(first.reason) : '',
        timeout: 8000,
      })
    }
  }

  return (
    <Card
      title={t('alerts.rules.title')}
      actions={
        !readOnly && (
          <Button
            size="sm"
            onClick={() => void send(dirty)}
            disabled={dirty.length === 0 || saving.size > 0}
            loading={saving.size > 1}
          >
            {t('alerts.rules.saveAll')}
          </Button>
        )
      }
      className="overflow-hidden"
    >
      <p className="-mt-1 mb-3 text-sm text-slate-600">
        {readOnly ? t('alerts.rules.introReadOnly') : t('alerts.rules.intro')}{' '}
        <Link to={ALERTS_PATH} className="font-medium text-brand-700 hover:underline">
          {t('alerts.rules.seeAlerts')}
        </Link>
      </p>
      <ul
        className="-mx-4 -mb-4 divide-y divide-slate-100 border-t border-slate-100"
        aria-label={t('alerts.rules.title')}
      >
        {shown.map(({ rule, draft }) => (
          <RuleRow
            key={rule.kind}
            rule={rule}
            draft={draft}
            error={errors[rule.kind]}
            readOnly={readOnly}
            saving={saving.has(rule.kind)}
            onChange={(next) => {
              setDrafts((d) => ({ ...d, [rule.kind]: next }))
              setErrors((e) => ({ ...e, [rule.kind]: undefined }))
            }}
            onSave={() => void send([{ rule, draft }])}
          />
        ))}
      </ul>
    </Card>
  )
}

/** "E-mail me new alerts": the signed-in user's own choice, open to every member who sees the tab. */
function SubscriptionCard() {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const query = useAlertSubscription()
  const set = useSetAlertSubscription()
  const data = query.data
  return (
    <Card title={t('alerts.subscription.title')}>
      {query.isPending ? (
        <p className="text-sm text-slate-500">{t('ui.loading')}</p>
      ) : query.isError || data === undefined ? (
        <FormError message={serverMessage(query.error) || t('alerts.subscription.failed')} />
      ) : (
        <div className="space-y-2">
          <Switch
            checked={set.isPending ? (set.variables ?? data.email) : data.email}
            // Without an address there is nowhere to send to; one already on can still be turned off.
            disabled={set.isPending || (data.address === null && !data.email)}
            onChange={(email) =>
              set.mutate(email, {
                onError: (error) =>
                  addToast({
                    variant: 'error',
                    title: t('entitySettings.saveFailed'),
                    message: serverMessage(error),
                    timeout: 8000,
                  }),
              })
            }
            label={t('alerts.subscription.label')}
            description={
              data.address === null
                ? t('alerts.subscription.noAddress')
                : t('alerts.subscription.address', { address: data.address })
            }
          />
        </div>
      )}
    </Card>
  )
}

/**
 * Entity settings → Alerts (issue 16): the entity's alert rules, one per kind (on or off, and the threshold where the
 * kind takes one), and whether the signed-in user gets new alerts by e-mail. `canEdit`: iam alerts/* edit.
 */
export function AlertsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation()
  const rules = useAlertRules()
  return (
    <div className="space-y-5">
      {rules.isError ? (
        isForbidden(rules.error) ? (
          <NoAccess />
        ) : (
          <FormError message={serverMessage(rules.error)} />
        )
      ) : rules.data === undefined ? (
        <Loader busy message={t('ui.loading')} className="py-12" />
      ) : (
        <RulesCard rules={rules.data} readOnly={!canEdit} />
      )}
      <SubscriptionCard />
    </div>
  )
}
