import type { GrantInput, UserGrant } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { CloseIcon } from '@/components/ui/icons/icons'
import type { FieldErrors } from './field-errors'
import { errorsUnder } from './field-errors'
import { compactControlClass } from './fields'
import { PolicySearchPicker, RolePicker, SetPicker } from './iam-pickers'

/** One row of the grants editor: a role or a policy, on one set or on everything, with the names it shows. */
export interface GrantRow {
  key: string
  kind: 'role' | 'policy'
  refId: number | null
  refName?: string | undefined
  setId: number | null
  setName?: string | undefined
}

let lastKey = 0
const nextKey = () => {
  lastKey += 1
  return `grant-${String(lastKey)}`
}

export function newGrantRow(kind: GrantRow['kind'] = 'role'): GrantRow {
  return { key: nextKey(), kind, refId: null, setId: null }
}

/** The rows for a user's current grants. */
export function grantRowsOf(grants: readonly UserGrant[]): GrantRow[] {
  return grants.map((g) => ({
    key: nextKey(),
    kind: g.role ? 'role' : 'policy',
    refId: g.role?.id ?? g.policy?.id ?? null,
    refName: g.role?.name ?? g.policy?.name,
    setId: g.set?.id ?? null,
    setName: g.set?.name,
  }))
}

/** The request's `grants` (grantInput of the contract): exactly one of role_id and policy_id. */
export function grantInputsOf(rows: readonly GrantRow[]): GrantInput[] {
  return rows.map((r) => ({
    role_id: r.kind === 'role' ? r.refId : null,
    policy_id: r.kind === 'policy' ? r.refId : null,
    set_id: r.setId,
  }))
}

/** The request paths of the rows' cells, where the server's messages about them belong. */
export function grantPaths(rows: readonly GrantRow[]): string[] {
  return rows.flatMap((_, i) => ['role_id', 'policy_id', 'set_id'].map((k) => `grants.${String(i)}.${k}`))
}

/**
 * The roles and policies a user holds in the entity, each on everything or on one set: repeatable rows with a
 * message beside each (the contract's rule: a role or a policy, not both, not neither). Roles, policies and sets are
 * found with their search calls (POST /iam/roles/search, /iam/policies/search, /iam/sets/search).
 */
export function GrantsEditor({
  value,
  onChange,
  errors = {},
  disabled = false,
}: {
  value: readonly GrantRow[]
  onChange: (rows: GrantRow[]) => void
  /** The form's errors under `grants` (`0.role_id`, `1.set_id`), and `''` for the list itself. */
  errors?: FieldErrors
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const set = (index: number, patch: Partial<GrantRow>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)))

  return (
    <div className="space-y-2" data-testid="grants-editor">
      {value.length === 0 && <p className="text-sm text-slate-500">{t('iamScreens.grants.none')}</p>}
      {value.length > 0 && (
        <div
          aria-hidden="true"
          className="hidden grid-cols-[8.5rem_minmax(0,1fr)_minmax(0,14rem)_2.25rem] gap-2 text-xs font-medium text-slate-500 sm:grid"
        >
          <span>{t('iamScreens.grants.kind')}</span>
          <span>{t('iamScreens.grants.roleOrPolicy')}</span>
          <span>{t('iamScreens.grants.set')}</span>
        </div>
      )}
      <ul className="space-y-2">
        {value.map((row, index) => {
          const n = index + 1
          const rowErrors = errorsUnder(errors, String(index))
          const refError = rowErrors.role_id ?? rowErrors.policy_id ?? rowErrors['']
          const setError = rowErrors.set_id
          const pick = {
            value: row.refId,
            valueLabel: row.refName,
            onChange: (o: { value: number; label: string } | null) =>
              set(index, { refId: o?.value ?? null, refName: o?.label }),
            disabled,
            invalid: refError !== undefined,
          }
          return (
            <li
              key={row.key}
              className="grid grid-cols-[minmax(0,1fr)_2.25rem] gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[8.5rem_minmax(0,1fr)_minmax(0,14rem)_2.25rem] sm:border-0 sm:p-0"
            >
              <select
                aria-label={t('iamScreens.grants.kindOfRow', { n })}
                className={cn(compactControlClass, 'col-start-1 row-start-1')}
                value={row.kind}
                disabled={disabled}
                onChange={(e) =>
                  set(index, {
                    kind: e.target.value === 'policy' ? 'policy' : 'role',
                    refId: null,
                    refName: undefined,
                  })
                }
              >
                <option value="role">{t('iamScreens.grants.role')}</option>
                <option value="policy">{t('iamScreens.grants.policy')}</option>
              </select>
              <div className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                {row.kind === 'role' ? (
                  <RolePicker label={t('iamScreens.grants.roleOfRow', { n })} {...pick} />
                ) : (
                  <PolicySearchPicker label={t('iamScreens.grants.policyOfRow', { n })} {...pick} />
                )}
                {refError && <p className="mt-1 text-xs text-rose-700">{refError}</p>}
              </div>
              <div className="col-span-2 row-start-3 min-w-0 sm:col-span-1 sm:col-start-3 sm:row-start-1">
                <SetPicker
                  label={t('iamScreens.grants.setOfRow', { n })}
                  noneLabel={t('iamScreens.grants.everything')}
                  value={row.setId}
                  valueLabel={row.setName}
                  onChange={(o) => set(index, { setId: o?.value ?? null, setName: o?.label })}
                  disabled={disabled}
                  invalid={setError !== undefined}
                />
                {setError && <p className="mt-1 text-xs text-rose-700">{setError}</p>}
              </div>
              {!disabled && (
                <button
                  type="button"
                  aria-label={t('iamScreens.grants.removeRow', { n })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  className="col-start-2 row-start-1 inline-flex size-9 items-center justify-center rounded-md text-slate-400 hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-40 sm:col-start-4"
                >
                  <CloseIcon className="size-4" />
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {errors[''] && <p className="text-xs text-rose-700">{errors['']}</p>}
      {!disabled && (
        <Button variant="classic" size="sm" onClick={() => onChange([...value, newGrantRow()])}>
          + {t('iamScreens.grants.add')}
        </Button>
      )}
    </div>
  )
}
