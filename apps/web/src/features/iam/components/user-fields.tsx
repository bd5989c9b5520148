import { EntityRelation } from '@portal/contract'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { readOnlyText, SelectField } from '@/components/form-kit/fields'
import { TextField } from '@/components/ui/text-field/text-field'
import { errorsUnder, flatErrors } from './field-errors'
import { ReadOnlyField } from './fields'
import { GrantsEditor } from './grants-editor'
import type { UserFormValue } from './user-form'

/**
 * The fields of the user form, shared by create and edit: a message beside each. The username is typed only when
 * creating; relation and grants show when the editor may change them.
 */
export function UserFields<Out extends FieldValues>({
  form,
  mode,
  disabled = false,
  access,
}: {
  form: UseFormReturn<UserFormValue, unknown, Out>
  mode: 'create' | 'edit'
  disabled?: boolean
  /** 'edit': relation and grants can change; 'owner': shown, not changed (owners hold everything); 'none': hidden. */
  access: 'edit' | 'owner' | 'none'
}) {
  const { t } = useTranslation()
  const { register } = form
  const errors = flatErrors(form.formState.errors, t)
  const relation = form.watch('relation')
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('iamScreens.users.col.name')}
          {...register('name')}
          error={errors.name}
          disabled={disabled}
          autoComplete="off"
          maxLength={200}
          className={readOnlyText}
        />
        {mode === 'create' ? (
          <TextField
            label={t('iamScreens.users.col.username')}
            {...register('username')}
            error={errors.username}
            hint={t('iamScreens.users.usernameHint')}
            disabled={disabled}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={50}
            className={readOnlyText}
          />
        ) : (
          <ReadOnlyField label={t('iamScreens.users.col.username')} value={form.getValues('username')} mono />
        )}
        <TextField
          label={t('iamScreens.users.col.email')}
          type="email"
          {...register('email')}
          error={errors.email}
          hint={t('iamScreens.optional')}
          disabled={disabled}
          autoComplete="off"
          maxLength={200}
          className={readOnlyText}
        />
        <TextField
          label={t('iamScreens.users.col.phone')}
          type="tel"
          {...register('phone_number')}
          error={errors.phone_number}
          hint={t('iamScreens.users.phoneHint')}
          disabled={disabled}
          autoComplete="off"
          maxLength={20}
          className={readOnlyText}
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
              {...register('relation', { valueAsNumber: true })}
              error={errors.relation}
              hint={
                relation === EntityRelation.Admin
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
              <Controller
                control={form.control}
                name="grants"
                render={({ field }) => (
                  <GrantsEditor
                    value={field.value}
                    onChange={field.onChange}
                    errors={errorsUnder(errors, 'grants')}
                    disabled={disabled}
                  />
                )}
              />
            </div>
          )}
        </>
      )}
    </div>
  )
}
