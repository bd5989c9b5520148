import { passwordProblem } from '@portal/contract'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/text-field/text-field'

export interface NewPasswordValue {
  password: string
  confirm: string
}

/** The problems of a new password before it is sent: the shared rule, and the confirmation must match. */
export function newPasswordErrors(value: NewPasswordValue, username: string, t: (key: string) => string) {
  const errors: { password?: string; confirm?: string } = {}
  const problem = passwordProblem(value.password, username)
  if (value.password === '') errors.password = t('password.required')
  else if (problem !== null) errors.password = problem
  if (value.confirm !== value.password) errors.confirm = t('password.mismatch')
  return errors
}

/** New password and its confirmation, with the rule shown as a hint until there is an error. */
export function NewPasswordFields({
  password,
  confirm,
  errors,
}: {
  password: UseFormRegisterReturn
  confirm: UseFormRegisterReturn
  errors: { password?: string | undefined; confirm?: string | undefined }
}) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        {...password}
        error={errors.password}
        hint={t('password.rule')}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        {...confirm}
        error={errors.confirm}
      />
    </>
  )
}
