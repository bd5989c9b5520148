import type {
  OcpiPartner,
  OcpiPartnerConnectRequest,
  OcpiPartnerCreated,
  OcpiPartnerCreateRequest,
  OcpiPartnerRole,
} from '@portal/contract'
import {
  OCPI_PARTNER_ROLES,
  ocpiPartnerConnectRequest,
  ocpiPartnerCreateRequest,
  ocpiRolesOf,
} from '@portal/contract'
import type { ReactNode } from 'react'
import { useEffect, useId, useRef, useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { cn } from '@/components/ui/cn'
import { WarningIcon } from '@/components/ui/icons/icons'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { useSession } from '@/lib/session/session-store'
import { useConnectPartner, useCreatePartner } from './api/roaming'
import { CopyValue, fieldMessage, partyLabel } from './roaming-parts'

/** The two ways to add a partner: we give it token A and it connects to us, or we connect with the token it gave. */
export type AddWay = 'offer' | 'connect'

const roleRow = z.object({ role: z.string(), country_code: z.string(), party_id: z.string() })
const offerDraft = z.object({ name: z.string(), roles: z.array(roleRow) })
type OfferDraft = z.input<typeof offerDraft>

/** "The partner connects to us": the contract's request, so the portal refuses what the server would. */
export const offerForm = offerDraft
  // Deliberately loose: the contract's schema, piped next, checks the roles and the codes.
  .transform((d) => d as OcpiPartnerCreateRequest)
  .pipe(ocpiPartnerCreateRequest)

const connectDraft = z.object({ name: z.string(), versions_url: z.string(), token: z.string() })
type ConnectDraft = z.input<typeof connectDraft>

/** "We connect to the partner": the contract's request; the address is sent trimmed. */
export const connectForm = connectDraft
  .transform((d): OcpiPartnerConnectRequest => ({ ...d, versions_url: d.versions_url.trim() }))
  .pipe(ocpiPartnerConnectRequest)

/** The form's own message, brought into view when it appears (the dialog may be scrolled to its top on a phone). */
function ShownError({ message }: { message: string | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [message])
  return (
    <div ref={ref}>
      <FormError message={message} />
    </div>
  )
}

/** A new partner's likely role: the other side of ours (a CPO roams with eMSPs, and the other way round). */
function likelyRole(industries: readonly string[]): OcpiPartnerRole {
  const ours = ocpiRolesOf(industries)
  return ours.length === 1 && ours[0] === 'CPO' ? 'EMSP' : 'CPO'
}

function OfferForm({
  formId,
  hidden,
  save,
  onSaved,
}: {
  formId: string
  hidden: boolean
  save: (body: OcpiPartnerCreateRequest) => Promise<OcpiPartnerCreated>
  onSaved: (created: OcpiPartnerCreated) => void
}) {
  const { t } = useTranslation()
  const { entity } = useSession()
  const role = likelyRole(entity?.industries ?? [])
  const empty = (): OfferDraft['roles'][number] => ({ role, country_code: '', party_id: '' })
  const form = useZodForm(offerForm, { defaultValues: { name: '', roles: [empty()] } })
  const rows = useFieldArray({ control: form.control, name: 'roles' })
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      onSaved(await save(body))
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })
  const rolesError = errors.roles?.message ?? errors.roles?.root?.message

  return (
    <form
      id={formId}
      noValidate
      hidden={hidden}
      aria-label={t('roaming.wayOffer')}
      onSubmit={(e) => void submit(e)}
      className="space-y-5"
    >
      <p className="text-sm text-slate-600">{t('roaming.offerIntro')}</p>
      <TextField
        label={t('roaming.name')}
        autoComplete="off"
        maxLength={100}
        {...form.register('name')}
        error={fieldMessage(errors.name?.message)}
      />
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('roaming.partnerRoles')}</p>
        <p className="mb-3 text-xs text-slate-500">{t('roaming.partnerRolesHint')}</p>
        <ul className="space-y-3">
          {rows.fields.map((field, index) => {
            const n = index + 1
            return (
              <li key={field.id}>
                <fieldset className="grid grid-cols-2 items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1fr)_auto]">
                  <legend className="sr-only">{t('roaming.roleN', { n })}</legend>
                  <SelectField
                    label={t('roaming.role')}
                    className="col-span-2 sm:col-span-1"
                    {...form.register(`roles.${index}.role`)}
                    error={fieldMessage(errors.roles?.[index]?.role?.message)}
                  >
                    {OCPI_PARTNER_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`roaming.roleShort.${r}`, { defaultValue: r })}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={t('roaming.countryCode')}
                    placeholder="SG"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={2}
                    className="[&_input]:uppercase"
                    {...form.register(`roles.${index}.country_code`)}
                    error={fieldMessage(errors.roles?.[index]?.country_code?.message)}
                  />
                  <TextField
                    label={t('roaming.partyId')}
                    placeholder="SPK"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={3}
                    className="[&_input]:uppercase"
                    {...form.register(`roles.${index}.party_id`)}
                    error={fieldMessage(errors.roles?.[index]?.party_id?.message)}
                  />
                  {rows.fields.length > 1 && (
                    <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-7">
                      <Button
                        variant="errorBasic"
                        size="sm"
                        onClick={() => rows.remove(index)}
                        aria-label={t('roaming.removeRoleN', { n })}
                      >
                        {t('roaming.removeRole')}
                      </Button>
                    </div>
                  )}
                </fieldset>
              </li>
            )
          })}
        </ul>
        <Button
          variant="classic"
          size="sm"
          className="mt-3"
          onClick={() => rows.append(empty())}
          disabled={rows.fields.length >= 20}
        >
          {t('roaming.addRole')}
        </Button>
        {rolesError && <p className="mt-2 text-xs text-rose-700">{fieldMessage(rolesError)}</p>}
      </div>
      <ShownError message={formError} />
    </form>
  )
}

function ConnectForm({
  formId,
  hidden,
  busy,
  save,
  onSaved,
}: {
  formId: string
  hidden: boolean
  busy: boolean
  save: (body: OcpiPartnerConnectRequest) => Promise<OcpiPartner>
  onSaved: (partner: OcpiPartner) => void
}) {
  const { t } = useTranslation()
  const empty: ConnectDraft = { name: '', versions_url: '', token: '' }
  const form = useZodForm(connectForm, { defaultValues: empty })
  const errors = form.formState.errors
  const [formError, setFormError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      onSaved(await save(body))
    } catch (error) {
      // A 400 on a field goes beside it; the handshake's failure (400, 502) is the server's message, here.
      setFormError(applyServerErrors(form, error))
    }
  })

  return (
    <form
      id={formId}
      noValidate
      hidden={hidden}
      aria-label={t('roaming.wayConnect')}
      onSubmit={(e) => void submit(e)}
      className="space-y-5"
    >
      <p className="text-sm text-slate-600">{t('roaming.connectIntro')}</p>
      <TextField
        label={t('roaming.name')}
        autoComplete="off"
        maxLength={100}
        {...form.register('name')}
        error={fieldMessage(errors.name?.message)}
      />
      <TextField
        label={t('roaming.partnerVersionsUrl')}
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
        spellCheck={false}
        maxLength={255}
        hint={t('roaming.partnerVersionsUrlHint')}
        {...form.register('versions_url')}
        error={fieldMessage(errors.versions_url?.message)}
      />
      <TextField
        label={t('roaming.theirTokenA')}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        hint={t('roaming.theirTokenAHint')}
        className="[&_input]:font-mono"
        {...form.register('token')}
        error={fieldMessage(errors.token?.message)}
      />
      <p aria-live="polite" className="text-sm text-slate-600">
        {busy ? t('roaming.connecting') : ''}
      </p>
      <ShownError message={formError} />
    </form>
  )
}

/** Token A and our versions URL, shown this once, with what the partner does with them. */
function TokenShownOnce({ created }: { created: OcpiPartnerCreated }) {
  const { t } = useTranslation()
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <div
        role="note"
        className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
      >
        <WarningIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{t('roaming.tokenOnce')}</p>
      </div>
      <p>{t('roaming.tokenIntro', { name: created.name })}</p>
      <CopyValue label={t('roaming.tokenA')} value={created.token_a} secret />
      <CopyValue label={t('roaming.ourVersionsUrl')} value={created.versions_url} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">{t('roaming.name')}</dt>
        <dd className="break-words">{created.name}</dd>
        <dt className="text-slate-500">{t('roaming.roles')}</dt>
        <dd className="font-mono text-xs">{created.roles.map(partyLabel).join(', ')}</dd>
      </dl>
      <p className="text-slate-600">{t('roaming.tokenHint')}</p>
    </div>
  )
}

function WayChoice({
  way,
  onChange,
  disabled,
}: {
  way: AddWay
  onChange: (way: AddWay) => void
  disabled: boolean
}) {
  const { t } = useTranslation()
  const name = useId()
  const option = (value: AddWay, title: string, description: ReactNode) => (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        way === value
          ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600'
          : 'border-slate-200 hover:bg-slate-50',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={way === value}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <span>
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        <span className="mt-0.5 block text-xs text-slate-600">{description}</span>
      </span>
    </label>
  )
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('roaming.way')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('offer', t('roaming.wayOffer'), t('roaming.wayOfferHint'))}
        {option('connect', t('roaming.wayConnect'), t('roaming.wayConnectHint'))}
      </div>
    </fieldset>
  )
}

/**
 * Adds a roaming partner, one of two ways: the partner connects to us (POST /ocpi/partners: token A and our versions
 * URL are shown this once, to hand over), or we connect to the partner with the token A it gave us (POST
 * /ocpi/partners/connect: the handshake runs on the server, which may take some seconds).
 */
export function AddPartnerDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const formId = useId()
  const [way, setWay] = useState<AddWay>('offer')
  const [created, setCreated] = useState<OcpiPartnerCreated | null>(null)
  const create = useCreatePartner()
  const connect = useConnectPartner()
  const offerId = `${formId}-offer`
  const connectId = `${formId}-connect`

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title={t('roaming.tokenTitle')}
        size="xl"
        closeOnOutsideClick={false}
        footer={<Button onClick={onClose}>{t('ui.secretDone')}</Button>}
      >
        <TokenShownOnce created={created} />
      </Modal>
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('roaming.add')}
      size="2xl"
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="classic" onClick={onClose}>
            {t('entitySettings.cancel')}
          </Button>
          {way === 'offer' ? (
            <Button type="submit" form={offerId} loading={create.isPending}>
              {t('roaming.createToken')}
            </Button>
          ) : (
            <Button type="submit" form={connectId} loading={connect.isPending}>
              {connect.isPending ? t('roaming.connectingShort') : t('roaming.connect')}
            </Button>
          )}
        </>
      }
    >
      <WayChoice way={way} onChange={setWay} disabled={create.isPending || connect.isPending} />
      {/* Both stay mounted, so what was typed survives switching between them. */}
      <OfferForm
        formId={offerId}
        hidden={way !== 'offer'}
        save={(body) => create.mutateAsync(body)}
        onSaved={(made) => {
          setCreated(made)
          addToast({ variant: 'success', title: t('roaming.addedToast'), message: made.name, timeout: 5000 })
        }}
      />
      <ConnectForm
        formId={connectId}
        hidden={way !== 'connect'}
        busy={connect.isPending}
        save={(body) => connect.mutateAsync(body)}
        onSaved={(partner) => {
          onClose()
          addToast({
            variant: 'success',
            title: t('roaming.connectedToast'),
            message: partner.name,
            timeout: 5000,
          })
        }}
      />
    </Modal>
  )
}
