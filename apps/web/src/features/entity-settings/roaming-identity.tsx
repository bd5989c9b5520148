import type { OcpiIdentityData, OcpiIdentityUpdateRequest, OcpiOwnRole } from '@portal/contract'
import { ocpiIdentityUpdateRequest } from '@portal/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Card, FormError } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { Loader } from '@/components/ui/loader/loader'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import { serverMessage } from '@/lib/server-messages'
import { useIdentity, useSaveIdentity } from './api/roaming'
import { CopyValue, fieldMessage } from './roaming-parts'

/** The form as typed: a row per role the entity plays. */
const draftSchema = z.object({
  identities: z.array(z.object({ role: z.string(), country_code: z.string(), party_id: z.string() })),
})
type Draft = z.input<typeof draftSchema>

/** The identity form's schema: the contract's request, so the portal refuses what the server would. */
export const identityForm = draftSchema
  // Deliberately loose: the contract's schema, piped next, checks the roles and the codes.
  .transform((d) => d as OcpiIdentityUpdateRequest)
  .pipe(ocpiIdentityUpdateRequest)

/** A row per role the entity plays, filled from its identity where it has one. */
const draftOf = (data: OcpiIdentityData): Draft => ({
  identities: data.roles.map((role) => {
    const known = data.identities.find((i) => i.role === role)
    return { role, country_code: known?.country_code ?? '', party_id: known?.party_id ?? '' }
  }),
})

/** Every role to show: those the entity plays, and any it has an identity for (a role the industries no longer give). */
const rolesOf = (data: OcpiIdentityData): OcpiOwnRole[] => [
  ...data.roles,
  ...data.identities.map((i) => i.role).filter((role) => !data.roles.includes(role)),
]

function IdentityForm({
  formId,
  data,
  save,
  onSaved,
}: {
  formId: string
  data: OcpiIdentityData
  save: (body: OcpiIdentityUpdateRequest) => Promise<unknown>
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const form = useZodForm(identityForm, { defaultValues: draftOf(data) })
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)
  const rows = form.getValues('identities')

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      await save(body)
      onSaved()
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })
  const listError = errors.identities?.message ?? errors.identities?.root?.message

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <p className="text-sm text-slate-600">{t('roaming.identityFormIntro')}</p>
      {rows.map((row, index) => (
        <fieldset key={row.role} className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">
            {t(`roaming.roleNames.${row.role}`, { defaultValue: row.role })}
          </legend>
          <TextField
            label={t('roaming.countryCodeOf', { role: row.role })}
            hint={t('roaming.countryCodeHint')}
            placeholder="SG"
            autoComplete="off"
            spellCheck={false}
            maxLength={2}
            className="[&_input]:uppercase"
            {...form.register(`identities.${index}.country_code`)}
            error={fieldMessage(errors.identities?.[index]?.country_code?.message)}
          />
          <TextField
            label={t('roaming.partyIdOf', { role: row.role })}
            hint={t('roaming.partyIdHint')}
            placeholder="SPK"
            autoComplete="off"
            spellCheck={false}
            maxLength={3}
            className="[&_input]:uppercase"
            {...form.register(`identities.${index}.party_id`)}
            error={fieldMessage(errors.identities?.[index]?.party_id?.message)}
          />
        </fieldset>
      ))}
      <FormError message={formError ?? fieldMessage(listError)} />
    </form>
  )
}

/**
 * Our identity on OCPI (GET /ocpi/identity): the entity's party per role, and our versions URL, which partners start
 * from. An editor changes the parties (PUT /ocpi/identity).
 */
export function IdentityCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const formId = useId()
  const identity = useIdentity()
  const save = useSaveIdentity()
  const [editing, setEditing] = useState(false)
  const data = identity.data
  const title = t('roaming.identityTitle')

  let body
  if (identity.isError) {
    body = isForbidden(identity.error) ? (
      <EmptyState
        className="py-6"
        title={t('table.noAccessTitle')}
        description={t('table.noAccessDescription')}
      />
    ) : (
      <EmptyState
        className="py-6"
        icon={<ErrorIcon />}
        title={t('roaming.identityFailed')}
        description={serverMessage(identity.error) || t('table.errorDescription')}
        action={
          <Button variant="classic" size="sm" onClick={() => void identity.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    )
  } else if (!data) {
    body = <Loader busy message={t('ui.loading')} className="py-6" />
  } else {
    body = (
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t('roaming.identityParties')}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <th scope="col" className="py-2 pr-3">
                  {t('roaming.role')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('roaming.countryCode')}
                </th>
                <th scope="col" className="py-2">
                  {t('roaming.partyId')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rolesOf(data).map((role) => {
                const known = data.identities.find((i) => i.role === role)
                return (
                  <tr key={role} className="border-b border-slate-100 last:border-b-0">
                    <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                      {t(`roaming.roleNames.${role}`, { defaultValue: role })}
                    </th>
                    {known ? (
                      <>
                        <td className="py-2 pr-3 font-mono">{known.country_code}</td>
                        <td className="py-2 font-mono">{known.party_id}</td>
                      </>
                    ) : (
                      <td colSpan={2} className="py-2 text-slate-500">
                        {t('roaming.notSet')}
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
          {data.identities.length === 0 && (
            <p className="mt-2 text-sm text-slate-600">
              {editable ? t('roaming.identityEmptyEditor') : t('roaming.identityEmptyReader')}
            </p>
          )}
        </div>
        <div className="min-w-0">
          <CopyValue label={t('roaming.ourVersionsUrl')} value={data.versions_url} />
          <p className="mt-1 text-xs text-slate-500">{t('roaming.ourVersionsUrlHint')}</p>
        </div>
      </div>
    )
  }

  return (
    <>
      <Card
        title={title}
        className="mb-4"
        actions={
          editable &&
          data &&
          data.roles.length > 0 && (
            <Button
              variant="classic"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label={t('roaming.identityEdit')}
            >
              {t('roaming.edit')}
            </Button>
          )
        }
      >
        {body}
      </Card>
      {data && (
        <Modal
          open={editing}
          onClose={() => setEditing(false)}
          title={t('roaming.identityEdit')}
          size="lg"
          closeOnOutsideClick={false}
          footer={
            <>
              <Button variant="classic" onClick={() => setEditing(false)}>
                {t('entitySettings.cancel')}
              </Button>
              <Button type="submit" form={formId} loading={save.isPending}>
                {t('entitySettings.save')}
              </Button>
            </>
          }
        >
          <IdentityForm
            formId={formId}
            data={data}
            save={(body) => save.mutateAsync(body)}
            onSaved={() => {
              setEditing(false)
              addToast({ variant: 'success', title: t('roaming.identitySaved'), timeout: 5000 })
            }}
          />
        </Modal>
      )}
    </>
  )
}
