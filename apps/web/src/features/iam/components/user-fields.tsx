import { EntityRelation } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/text-field/text-field'
import type { FieldErrors } from './field-errors'
import { errorsUnder } from './field-errors'
import { ReadOnlyField, SelectField, textFieldReadOnly } from './fields'
import type { GrantChoices } from './grants-editor'
import { GrantsEditor } from './grants-editor'
import type { UserFormValue } from './user-form'

/**
 * The fields of the user form, shared by create and edit: a message beside each. The username is typed only when
 * creating; relation and grants show when the editor may change them.
 */
export function UserFields({
  value,
  onChange,
  errors,
  mode,
  disabled = false,
  access,
  choices,
}: {
  value: UserFormValue
  onChange: (value: UserFormValue) => void
  errors: FieldErrors
  mode: 'create' | 'edit'
  disabled?: boolean
  /** 'edit': relation and grants can change; 'owner': shown, not changed (owners hold everything); 'none': hidden. */
  access: 'edit' | 'owner' | 'none'
  choices: GrantChoices
}) {
  const { t } = useTranslation()
  const set = (patch: Partial<UserFormValue>) => onChange({ ...value, ...patch })
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('iamScreens.users.col.name')}
          value={value.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          disabled={disabled}
          autoComplete="off"
          maxLength={200}
          className={textFieldReadOnly}
        />
        {mode === 'create' ? (
          <TextField
            label={t('iamScreens.users.col.username')}
            value={value.username}
            onChange={(e) => set({ username: e.target.value })}
            error={errors.username}
            hint={t('iamScreens.users.usernameHint')}
            disabled={disabled}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={50}
            className={textFieldReadOnly}
          />
        ) : (
          <ReadOnlyField label={t('iamScreens.users.col.username')} value={value.username} mono />
        )}
        <TextField
          label={t('iamScreens.users.col.email')}
          type="email"
          value={value.email}
          onChange={(e) => set({ email: e.target.value })}
          error={errors.email}
          hint={t('iamScreens.optional')}
          disabled={disabled}
          autoComplete="off"
          maxLength={200}
          className={textFieldReadOnly}
        />
        <TextField
          label={t('iamScreens.users.col.phone')}
          type="tel"
          value={value.phone_number}
          onChange={(e) => set({ phone_number: e.target.value })}
          error={errors.phone_number}
          hint={t('iamScreens.users.phoneHint')}
          disabled={disabled}
          autoComplete="off"
          maxLength={20}
          className={textFieldReadOnly}
        />
      </div>
      {access !== 'none' && (
        <>
          {access === 'owner' ? (
            <ReadOnlyField
              label={t('iamScreens.users.col.relation')}
              value={t('iamScreens.relation.0')}
              hint={t('iamScreens.users.ownerHint')}
              className="sm:max-w-[calc(50%-0.5rem)]"
            />
          ) : (
            <SelectField
              label={t('iamScreens.users.col.relation')}
              value={String(value.relation)}
              onChange={(e) => set({ relation: Number(e.target.value) })}
              error={errors.relation}
              hint={
                value.relation === EntityRelation.Admin
                  ? t('iamScreens.users.adminHint')
                  : t('iamScreens.users.authorisedHint')
              }
              disabled={disabled}
              className="sm:max-w-[calc(50%-0.5rem)]"
            >
              <option value={String(EntityRelation.Admin)}>{t('iamScreens.relation.1')}</option>
              <option value={String(EntityRelation.Authorised)}>{t('iamScreens.relation.2')}</option>
            </SelectField>
          )}
          {access === 'edit' && (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">{t('iamScreens.users.col.grants')}</p>
              <p className="mb-2 text-xs text-slate-500">{t('iamScreens.grants.help')}</p>
              <GrantsEditor
                value={value.grants}
                onChange={(grants) => set({ grants })}
                choices={choices}
                errors={errorsUnder(errors, 'grants')}
                disabled={disabled}
              />
            </div>
          )}
        </>
      )}
    </div>
  )
}
