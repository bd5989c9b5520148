import type { PolicyStatement } from '@portal/contract'
import { ACTIONS } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { CloseIcon } from '@/components/ui/icons/icons'
import type { FieldErrors } from './field-errors'
import { errorsUnder } from './field-errors'
import { compactControlClass } from './fields'
import { actionLabel } from './policy-text'

/** One statement being edited; codes are plain strings until the contract's schema checks them on save. */
export interface StatementRow {
  key: string
  app_code: string
  resource_code: string
  action_code: string
}

export interface AppChoice {
  app_code: string
  name: string
}
export interface ResourceChoice {
  resource_code: string
  name: string
}
export interface ActionChoice {
  action_code: string
  name: string
}

export const ANY = '*'

let lastKey = 0
function nextKey() {
  lastKey += 1
  return `statement-${String(lastKey)}`
}

export function statementRowsOf(statements: readonly PolicyStatement[]): StatementRow[] {
  return statements.map((s) => ({ key: nextKey(), ...s }))
}

/** A new row reads the first app, everything in it: a valid statement to narrow down. */
export function newStatementRow(apps: readonly AppChoice[]): StatementRow {
  return { key: nextKey(), app_code: apps[0]?.app_code ?? ANY, resource_code: ANY, action_code: 'read' }
}

/** The request's statements (the row keys stay on the page). */
export function statementsOf(rows: readonly StatementRow[]) {
  return rows.map(({ app_code, resource_code, action_code }) => ({ app_code, resource_code, action_code }))
}

/**
 * The statements of a policy as rows of app, resource and action (A §6), each with its own messages. The apps come
 * from GET /iam/policies/apps, each app's resources from GET /iam/policies/resource (both plus the wildcard) and the
 * actions from GET /iam/policies/actions.
 */
export function StatementEditor({
  value,
  onChange,
  apps,
  actions,
  resourcesFor,
  errors = {},
  disabled = false,
}: {
  value: readonly StatementRow[]
  onChange: (rows: StatementRow[]) => void
  apps: readonly AppChoice[]
  /** The actions a statement can grant; the contract's four while the call is on its way. */
  actions?: readonly ActionChoice[] | undefined
  /** The resources of an app; undefined while they load. */
  resourcesFor: (appCode: string) => readonly ResourceChoice[] | undefined
  /** The form's errors under `statements` (`0.resource_code`), and `''` for the list itself. */
  errors?: FieldErrors
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const actionCodes = actions?.map((a) => a.action_code) ?? ACTIONS.values
  const set = (index: number, patch: Partial<StatementRow>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)))

  return (
    <div className="space-y-2" data-testid="statement-editor">
      {value.length > 0 && (
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,15rem)_minmax(0,1fr)_minmax(0,9rem)_2.25rem] gap-2 text-xs font-medium text-slate-500 sm:grid"
        >
          <span>{t('iamScreens.statements.app')}</span>
          <span>{t('iamScreens.statements.resource')}</span>
          <span>{t('iamScreens.statements.action')}</span>
        </div>
      )}
      <ol className="space-y-2">
        {value.map((row, index) => {
          const n = index + 1
          const rowErrors = errorsUnder(errors, String(index))
          const resources = row.app_code === ANY ? [] : resourcesFor(row.app_code)
          const known = resources?.some((r) => r.resource_code === row.resource_code) ?? false
          const appKnown = row.app_code === ANY || apps.some((a) => a.app_code === row.app_code)
          return (
            <li
              key={row.key}
              data-testid="statement-row"
              className="grid grid-cols-[minmax(0,1fr)_2.25rem] gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_minmax(0,9rem)_2.25rem] sm:border-0 sm:p-0"
            >
              <div className="col-start-1 row-start-1 min-w-0">
                <select
                  aria-label={t('iamScreens.statements.appOfRow', { n })}
                  aria-invalid={rowErrors.app_code ? true : undefined}
                  className={compactControlClass}
                  value={row.app_code}
                  disabled={disabled}
                  onChange={(e) => set(index, { app_code: e.target.value, resource_code: ANY })}
                >
                  <option value={ANY}>{t('iamScreens.statements.anyApp')}</option>
                  {!appKnown && <option value={row.app_code}>{row.app_code}</option>}
                  {apps.map((a) => (
                    <option key={a.app_code} value={a.app_code}>
                      {a.name}
                    </option>
                  ))}
                </select>
                {rowErrors.app_code && <p className="mt-1 text-xs text-rose-700">{rowErrors.app_code}</p>}
              </div>
              <div className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                <select
                  aria-label={t('iamScreens.statements.resourceOfRow', { n })}
                  aria-invalid={rowErrors.resource_code ? true : undefined}
                  aria-busy={resources === undefined || undefined}
                  className={compactControlClass}
                  value={row.resource_code}
                  disabled={disabled}
                  onChange={(e) => set(index, { resource_code: e.target.value })}
                >
                  <option value={ANY}>
                    {row.app_code === ANY
                      ? t('iamScreens.statements.everything')
                      : t('iamScreens.statements.everythingInApp')}
                  </option>
                  {row.resource_code !== ANY && !known && (
                    <option value={row.resource_code}>{row.resource_code}</option>
                  )}
                  {resources?.map((r) => (
                    <option key={r.resource_code} value={r.resource_code}>
                      {r.name} ({r.resource_code})
                    </option>
                  ))}
                </select>
                {rowErrors.resource_code && (
                  <p className="mt-1 text-xs text-rose-700">{rowErrors.resource_code}</p>
                )}
              </div>
              <div className="col-span-2 row-start-3 min-w-0 sm:col-span-1 sm:col-start-3 sm:row-start-1">
                <select
                  aria-label={t('iamScreens.statements.actionOfRow', { n })}
                  aria-invalid={rowErrors.action_code ? true : undefined}
                  className={compactControlClass}
                  value={row.action_code}
                  disabled={disabled}
                  onChange={(e) => set(index, { action_code: e.target.value })}
                >
                  {actionCodes.map((code) => (
                    <option key={code} value={code}>
                      {actionLabel(t, code)}
                    </option>
                  ))}
                </select>
                {rowErrors.action_code && (
                  <p className="mt-1 text-xs text-rose-700">{rowErrors.action_code}</p>
                )}
              </div>
              {!disabled && (
                <button
                  type="button"
                  aria-label={t('iamScreens.statements.removeRow', { n })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  className="col-start-2 row-start-1 inline-flex size-9 items-center justify-center rounded-md text-slate-400 hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-40 sm:col-start-4"
                >
                  <CloseIcon className="size-4" />
                </button>
              )}
              {rowErrors[''] && <p className="col-span-full text-xs text-rose-700">{rowErrors['']}</p>}
            </li>
          )
        })}
      </ol>
      {value.length === 0 && <p className="text-sm text-slate-500">{t('iamScreens.statements.none')}</p>}
      {errors[''] && <p className="text-xs text-rose-700">{errors['']}</p>}
      {!disabled && (
        <Button variant="classic" size="sm" onClick={() => onChange([...value, newStatementRow(apps)])}>
          + {t('iamScreens.statements.add')}
        </Button>
      )}
    </div>
  )
}
