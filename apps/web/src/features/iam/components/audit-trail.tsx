import type { AuditEntry } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Loader } from '@/components/ui/loader/loader'
import { isForbidden } from '@/lib/http'
import type { AuditObjectType } from '../api/audit'
import { useAudit } from '../api/audit'
import { Card } from './card'
import { userStatusLabel } from './user-status-badge'
import { serverMessage } from '@/lib/server-messages'

export interface AuditChange {
  field: string
  from: string
  to: string
}

// Bookkeeping fields change on every write and say nothing to the reader.
const IGNORED = new Set(['updated_at', 'created_at', 'id', 'entity_code', 'user_uuid'])
const MAX_TEXT = 80

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown, field: string, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—'
  if (field === 'status' && typeof value === 'number') return userStatusLabel(t, value)
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) {
    if (value.length === 0) return '—'
    // Lists of named things (policies of a role, grants of a user) read best as their names.
    const names = value.map((v) => {
      if (!isRecord(v)) return typeof v === 'string' || typeof v === 'number' ? String(v) : '…'
      const named = [v.name, v.role, v.policy, v.set]
        .map((n) => (isRecord(n) ? n.name : n))
        .filter((n): n is string => typeof n === 'string')
      if (named.length > 0) return named.join(' · ')
      if (typeof v.app_code === 'string')
        return `${v.app_code} ${String(v.resource_code)} ${String(v.action_code)}`
      return '…'
    })
    const joined = names.join(', ')
    return joined.length > MAX_TEXT ? `${joined.slice(0, MAX_TEXT)}…` : joined
  }
  const json = JSON.stringify(value)
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : json
}

/** What changed between the before and after of an audit entry, field by field. */
export function auditChanges(before: unknown, after: unknown, t: TFunction): AuditChange[] {
  if (!isRecord(before) || !isRecord(after)) return []
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !IGNORED.has(f))
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ field: f, from: text(before[f], f, t), to: text(after[f], f, t) }))
}

function actionLabel(t: TFunction, action: string) {
  return t(`iamScreens.audit.action.${action}`, { defaultValue: action.replaceAll('_', ' ') })
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const changes = auditChanges(entry.before, entry.after, t)
  return (
    <li className="group relative py-2.5 pl-5 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute top-4 left-0.5 size-2 rounded-full bg-slate-300 group-first:top-1.5"
      />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-sm font-medium text-slate-900">{actionLabel(t, entry.action)}</p>
        <time
          className="text-xs whitespace-nowrap text-slate-500 tabular-nums"
          dateTime={new Date(entry.at).toISOString()}
        >
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="text-xs text-slate-500">
        {entry.actor
          ? t('iamScreens.audit.by', { name: entry.actor.name, username: entry.actor.username })
          : t('iamScreens.audit.bySystem')}
        {entry.ip ? ` · ${entry.ip}` : ''}
      </p>
      {changes.length > 0 && (
        <dl className="mt-1.5 space-y-0.5 text-xs">
          {changes.slice(0, 8).map((c) => (
            <div key={c.field} className="flex min-w-0 gap-1.5">
              <dt className="shrink-0 font-medium text-slate-600">
                {t(`iamScreens.audit.field.${c.field}`, { defaultValue: c.field })}
              </dt>
              <dd className="min-w-0 truncate text-slate-700" title={`${c.from} → ${c.to}`}>
                <span className="text-slate-400 line-through decoration-slate-300">{c.from}</span>
                <span aria-label={t('iamScreens.audit.changedTo')}> → </span>
                {c.to}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}

/** The audit trail card of an IAM object (GET /iam/audit), for those who may read it. */
export function AuditTrail({ objectType, objectId }: { objectType: AuditObjectType; objectId: string }) {
  const { t } = useTranslation()
  const query = useAudit(objectType, objectId, true)
  let body
  if (query.isPending) body = <Loader size="sm" className="py-4" />
  else if (query.isError)
    body = (
      <p className="text-sm text-slate-500">
        {isForbidden(query.error) ? t('table.noAccessTitle') : serverMessage(query.error)}
      </p>
    )
  else if (query.data.length === 0)
    body = <p className="text-sm text-slate-500">{t('iamScreens.audit.empty')}</p>
  else
    body = (
      <ol className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
        {query.data.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ol>
    )
  return (
    <Card title={t('iamScreens.audit.title')} description={t('iamScreens.audit.description')}>
      {body}
    </Card>
  )
}
