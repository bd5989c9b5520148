import type { BulkAction, BulkActionName, BulkList } from '@portal/contract'
import { BULK_ACTIONS } from '@portal/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { ApiError } from '@/lib/http'
import { fetchBulkAction, fetchSetChoices, startBulkAction } from './bulk-api'
import { BulkReport } from './bulk-report'
import type { BulkSelection } from './use-bulk-selection'

const NUMERIC: ReadonlySet<BulkList> = new Set(['machines', 'alerts'])
const FIELD = 'mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm'

export interface BulkActionsProps {
  list: BulkList
  selection: BulkSelection
  /** The list call's body for "all matching" (its paging is ignored). */
  filter: unknown
}

/**
 * The selection bar's actions for one list (decision 0117): a button per action, a dialog for its params, then the
 * per-row report (a job's progress first). The selection clears and the list refreshes once it is done.
 */
export function BulkActions({ list, selection, filter }: BulkActionsProps) {
  const { t } = useTranslation()
  const [action, setAction] = useState<BulkActionName | null>(null)
  return (
    <>
      {BULK_ACTIONS[list].map((name) => (
        <Button key={name} size="sm" variant="secondaryBasic" onClick={() => setAction(name)}>
          {t(`bulk.action.${list}.${name}`)}
        </Button>
      ))}
      {action !== null && (
        <BulkDialog
          list={list}
          action={action}
          selection={selection}
          filter={filter}
          onClose={() => setAction(null)}
        />
      )}
    </>
  )
}

type Params = Record<string, unknown>

function BulkDialog(props: {
  list: BulkList
  action: BulkActionName
  selection: BulkSelection
  filter: unknown
  onClose: () => void
}) {
  const { list, action, selection } = props
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useState<Params>(() => defaults(list, action))
  const [result, setResult] = useState<BulkAction | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const count = selection.allMatching ? null : selection.selected.size

  const running = result !== null && (result.status === 'queued' || result.status === 'running')
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      void fetchBulkAction(result.id).then(setResult, () => undefined)
    }, 1000)
    return () => clearInterval(timer)
  }, [running, result?.id])
  const finished = result !== null && !running
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries()
  }, [finished, queryClient])
  // The selection clears once the report is closed: the dialog lives in the selection bar, which goes with it.
  const close = () => {
    if (finished && result.status === 'done') selection.clear()
    props.onClose()
  }

  const send = async () => {
    setSending(true)
    setError(null)
    try {
      const ids = [...selection.selected].map((id) => (NUMERIC.has(list) ? Number(id) : id))
      setResult(
        await startBulkAction({
          list,
          action,
          params,
          ...(selection.allMatching ? { filter: props.filter as Record<string, unknown> } : { ids }),
        }),
      )
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err))
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal
      open
      onClose={close}
      title={t(`bulk.action.${list}.${action}`)}
      size="lg"
      footer={
        result === null ? (
          <>
            <Button variant="secondaryBasic" onClick={props.onClose}>
              {t('bulk.cancel')}
            </Button>
            <Button loading={sending} onClick={() => void send()}>
              {t('bulk.apply', { count: count ?? 0, context: count === null ? 'all' : undefined })}
            </Button>
          </>
        ) : (
          <Button variant="secondaryBasic" onClick={close}>
            {t('bulk.close')}
          </Button>
        )
      }
    >
      {result === null ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>
            {count === null
              ? t('bulk.confirmAll')
              : t('bulk.confirm', { count, list: t(`bulk.list.${list}`) })}
          </p>
          <ParamsForm list={list} action={action} params={params} onChange={setParams} />
          {error !== null && (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          )}
        </div>
      ) : (
        <BulkReport bulk={result} />
      )}
    </Modal>
  )
}

function defaults(list: BulkList, action: BulkActionName): Params {
  if (list === 'machines' && action === 'command') return { command: 'reboot', params: {} }
  if (action === 'settings') return {}
  if (action === 'reset') return { type: 'Soft' }
  if (action === 'change-availability') return { operative: true }
  if (action === 'status') return { status: 1 }
  return {}
}

function ParamsForm(props: {
  list: BulkList
  action: BulkActionName
  params: Params
  onChange: (p: Params) => void
}) {
  const { t } = useTranslation()
  const { action, params, onChange } = props
  if (action === 'add-to-set' || action === 'remove-from-set') return <SetPicker {...props} />
  if (action === 'command')
    return (
      <label>
        {t('bulk.params.command')}
        <select
          className={FIELD}
          value={String(params.command)}
          onChange={(e) => onChange({ command: e.target.value, params: {} })}
        >
          {['reboot', 'sync_config'].map((c) => (
            <option key={c} value={c}>
              {t(`bulk.command.${c}`)}
            </option>
          ))}
        </select>
      </label>
    )
  if (action === 'settings')
    return (
      <div className="grid grid-cols-2 gap-3">
        {(['cp_timeout', 'vend_session_timeout', 'vend_request_timeout'] as const).map((key) => (
          <label key={key}>
            {t(`bulk.params.${key}`)}
            <input
              type="number"
              min={0}
              max={3600}
              className={FIELD}
              value={typeof params[key] === 'number' ? String(params[key]) : ''}
              onChange={(e) => {
                const { [key]: _old, ...rest } = params
                onChange(e.target.value === '' ? rest : { ...rest, [key]: Number(e.target.value) })
              }}
            />
          </label>
        ))}
      </div>
    )
  if (action === 'reset')
    return (
      <label>
        {t('bulk.params.resetType')}
        <select
          className={FIELD}
          value={String(params.type)}
          onChange={(e) => onChange({ type: e.target.value })}
        >
          <option value="Soft">{t('bulk.params.soft')}</option>
          <option value="Hard">{t('bulk.params.hard')}</option>
        </select>
      </label>
    )
  if (action === 'change-availability')
    return (
      <label>
        {t('bulk.params.availability')}
        <select
          className={FIELD}
          value={params.operative === false ? 'no' : 'yes'}
          onChange={(e) => onChange({ operative: e.target.value === 'yes' })}
        >
          <option value="yes">{t('bulk.params.operative')}</option>
          <option value="no">{t('bulk.params.inoperative')}</option>
        </select>
      </label>
    )
  if (action === 'status')
    return (
      <label>
        {t('bulk.params.status')}
        <select
          className={FIELD}
          value={String(params.status)}
          onChange={(e) => onChange({ status: Number(e.target.value) })}
        >
          {[1, 2, 3, 4].map((s) => (
            <option key={s} value={s}>
              {t(`bulk.userStatus.${String(s)}`)}
            </option>
          ))}
        </select>
      </label>
    )
  if (action === 'acknowledge' || action === 'resolve')
    return (
      <label>
        {t('bulk.params.comment')}
        <textarea
          className={FIELD}
          rows={2}
          maxLength={2000}
          value={typeof params.comment === 'string' ? params.comment : ''}
          onChange={(e) => onChange(e.target.value ? { comment: e.target.value } : {})}
        />
      </label>
    )
  return null
}

function SetPicker(props: { params: Params; onChange: (p: Params) => void }) {
  const { t } = useTranslation()
  const sets = useQuery({
    queryKey: ['bulk', 'set-choices'],
    queryFn: ({ signal }) => fetchSetChoices(signal),
  })
  return (
    <label>
      {t('bulk.params.set')}
      <select
        className={FIELD}
        value={typeof props.params.set_id === 'number' ? String(props.params.set_id) : ''}
        onChange={(e) => props.onChange(e.target.value ? { set_id: Number(e.target.value) } : {})}
      >
        <option value="">{t('bulk.params.chooseSet')}</option>
        {(sets.data ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  )
}
