import type { PolicyStatement } from '@portal/contract'
import { predefinedPolicyTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge/badge'

const ACTION_KEYS: Record<string, string> = { read: 'read', edit: 'edit', all: 'all', '*': 'any' }

/** An action code (read, edit, all, *) in the interface language. */
export function actionLabel(t: TFunction, code: string): string {
  const key = ACTION_KEYS[code]
  return key === undefined ? code : t(`iamScreens.actions.${key}`)
}

/** A statement in one line: `iot · machines/* · Read`. */
export function statementText(
  s: Pick<PolicyStatement, 'app_code' | 'resource_code' | 'action_code'>,
  t: TFunction,
) {
  return `${s.app_code} · ${s.resource_code} · ${actionLabel(t, s.action_code)}`
}

export function PolicyTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation()
  return (
    <Badge tone={type === 'preset' ? 'info' : type === 'custom' ? 'positive' : 'neutral'}>
      {t(`iamScreens.policyType.${type}`, { defaultValue: labelOf(predefinedPolicyTypes, type) })}
    </Badge>
  )
}
