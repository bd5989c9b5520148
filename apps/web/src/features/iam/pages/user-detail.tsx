import type { User, UserListItem } from '@portal/contract'
import { EntityRelation, UserStatus, userEntities, userStatuses } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { ImageUpload } from '@/components/form-kit/image-upload'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { useToast } from '@/components/ui/toast/toast'
import { refresh, useSession } from '@/lib/session/session-store'
import { useMember, useSendResetLink, useUpdateUser, useUpdateUserStatus, useUser } from '../api/users'
import { AuditTrail } from '../components/audit-trail'
import { Card } from '../components/card'
import { ConfirmModal } from '../components/confirm-modal'
import { CopyLink } from '../components/copy-link'
import { grantPaths, grantRowsOf } from '../components/grants-editor'
import { useIamAccess } from '../components/iam-access'
import { TwoFactorCard } from '../components/two-factor-card'
import { userUpdateForm } from '../components/user-form'
import { UserFields } from '../components/user-fields'
import { UserStatusBadge, userStatusLabel } from '../components/user-status-badge'
import { BackLink } from './detail-frame'
import { isActivationState } from './user-create'
import { relationLabel } from '../components/relation-label'
import { serverMessage } from '@/lib/server-messages'

/** The relation of a user to an entity (0 owner, 1 admin, 2 authorised), or undefined when not a member. */
function relationIn(
  user: Pick<User, 'owned_entities' | 'admin_entities' | 'authorised_entities'>,
  code: string | null,
) {
  return userEntities(user).find((e) => e.code === code)?.permission
}

/** After changing one's own name or picture, the top bar shows the new ones (the session re-reads the user). */
function refreshOwnSession(self: boolean) {
  if (self) void refresh()
}

function DetailsForm({
  user,
  member,
  self,
  editable,
  accessEditable,
}: {
  user: User
  member: UserListItem | null
  self: boolean
  editable: boolean
  accessEditable: boolean
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const update = useUpdateUser(user.user_uuid)
  const owner = member?.relation === EntityRelation.Owned
  const schema = useMemo(() => userUpdateForm(accessEditable && !owner), [accessEditable, owner])
  const form = useZodForm(schema, {
    defaultValues: {
      name: user.name,
      username: user.username,
      email: user.email ?? '',
      phone_number: user.phone_number ?? '',
      relation: member?.relation ?? EntityRelation.Authorised,
      grants: grantRowsOf(member?.grants ?? []),
    },
  })
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.handleSubmit((body) => {
    setMessage(null)
    update.mutate(body, {
      onSuccess: () => {
        addToast({ title: t('iamScreens.users.saved'), variant: 'success', timeout: 5000 })
        refreshOwnSession(self)
      },
      onError: (err) => setMessage(applyServerErrors(form, err, grantPaths(form.getValues('grants')))),
    })
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <UserFields
        form={form}
        mode="edit"
        access={accessEditable ? (owner ? 'owner' : 'edit') : 'none'}
        disabled={!editable}
      />
      <FormError message={message} />
      {editable && (
        <Button type="submit" loading={update.isPending}>
          {t('iamScreens.save')}
        </Button>
      )}
    </form>
  )
}

/** A member's access, read-only (for those who may read users but not change them). */
function AccessSummary({ member }: { member: UserListItem }) {
  const { t } = useTranslation()
  return (
    <Card title={t('iamScreens.users.access')}>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('iamScreens.users.col.relation')}</dt>
          <dd className="mt-0.5 text-slate-900">{relationLabel(t, member.relation)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('iamScreens.users.col.grants')}</dt>
          <dd className="mt-1">
            {member.grants.length === 0 ? (
              <span className="text-slate-500">{t('iamScreens.grants.none')}</span>
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {member.grants.map((g) => {
                  const name = g.role?.name ?? g.policy?.name ?? '?'
                  return (
                    <li key={g.id}>
                      <Badge tone={g.role ? 'info' : 'neutral'}>
                        {g.set ? t('iamScreens.grants.onSet', { name, set: g.set.name }) : name}
                      </Badge>
                    </li>
                  )
                })}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  )
}

const STATUS_VALUES = userStatuses.values

function StatusCard({
  user,
  relation,
  self,
  canEdit,
}: {
  user: User
  relation: number | undefined
  self: boolean
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const session = useSession()
  const changeStatus = useUpdateUserStatus(user.user_uuid)
  const sendLink = useSendResetLink(user.user_uuid)
  const [target, setTarget] = useState<number>(user.status)
  // After a change (here or a reset link that moves Active to Pending Reset) the choice starts from the new status.
  const [shownStatus, setShownStatus] = useState(user.status)
  if (shownStatus !== user.status) {
    setShownStatus(user.status)
    setTarget(user.status)
  }
  const [confirming, setConfirming] = useState(false)
  const [link, setLink] = useState<{ link: string; expiresAt: number } | null>(null)
  const [linkError, setLinkError] = useState<string | null>(null)

  const myRelation = session.user ? relationIn(session.user, session.entityCode) : undefined
  const canSendLink =
    self ||
    session.isPlatformAdmin ||
    myRelation === EntityRelation.Owned ||
    myRelation === EntityRelation.Admin
  let statusNote: string | null = null
  if (self) statusNote = t('iamScreens.status.notOwn')
  else if (relation === EntityRelation.Owned && !session.isPlatformAdmin)
    statusNote = t('iamScreens.status.ownerOnly')
  const canChange = !self && canEdit && relation !== undefined && statusNote === null

  const send = () => {
    setLinkError(null)
    sendLink.mutate(undefined, {
      onSuccess: (data) => {
        setLink({ link: data.reset_link, expiresAt: data.expires_at })
        addToast({ title: t('iamScreens.reset.sent'), variant: 'success', timeout: 5000 })
      },
      onError: (err) => setLinkError(serverMessage(err)),
    })
  }

  return (
    <Card title={t('iamScreens.status.title')}>
      <div className="space-y-4">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-slate-600">{t('iamScreens.status.current')}</span>
          <UserStatusBadge status={user.status} />
        </div>
        <p className="text-xs text-slate-500">
          {t(`iamScreens.status.explain.${String(user.status)}`, { defaultValue: '' })}
        </p>
        {canChange && (
          <div className="space-y-2">
            <SelectField
              label={t('iamScreens.status.new')}
              value={String(target)}
              onChange={(e) => setTarget(Number(e.target.value))}
            >
              {STATUS_VALUES.map((s) => (
                <option key={s} value={String(s)}>
                  {userStatusLabel(t, s)}
                </option>
              ))}
            </SelectField>
            <Button size="sm" disabled={target === user.status} onClick={() => setConfirming(true)}>
              {t('iamScreens.status.change')}
            </Button>
          </div>
        )}
        {statusNote && <p className="text-xs text-slate-500">{statusNote}</p>}
        <ConfirmModal
          open={confirming}
          title={t('iamScreens.status.confirmTitle', { name: user.name })}
          confirmLabel={t('iamScreens.status.change')}
          confirmVariant={target === UserStatus.Inactive ? 'error' : 'primary'}
          busy={changeStatus.isPending}
          error={changeStatus.error ? serverMessage(changeStatus.error) : undefined}
          onClose={() => {
            setConfirming(false)
            changeStatus.reset()
          }}
          onConfirm={() =>
            changeStatus.mutate(target as 1 | 2 | 3 | 4, {
              onSuccess: () => {
                setConfirming(false)
                addToast({
                  title: t('iamScreens.status.changed', { status: userStatusLabel(t, target) }),
                  variant: 'success',
                  timeout: 5000,
                })
              },
            })
          }
        >
          <p>
            {t('iamScreens.status.confirmText', {
              name: user.name,
              from: userStatusLabel(t, user.status),
              to: userStatusLabel(t, target),
            })}
          </p>
          <p className="text-slate-500">
            {t(`iamScreens.status.explain.${String(target)}`, { defaultValue: '' })}
          </p>
        </ConfirmModal>

        {canSendLink && (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <p className="text-sm font-medium text-slate-900">{t('iamScreens.reset.title')}</p>
            <p className="text-xs text-slate-500">{t('iamScreens.reset.help')}</p>
            <Button
              variant="classic"
              size="sm"
              loading={sendLink.isPending}
              disabled={user.status === UserStatus.Inactive}
              tooltip={user.status === UserStatus.Inactive ? t('iamScreens.reset.inactive') : undefined}
              onClick={send}
            >
              {t('iamScreens.reset.send')}
            </Button>
            <FormError message={linkError} />
            {link && (
              <CopyLink
                label={t('iamScreens.reset.link')}
                description={t('iamScreens.reset.linkHelp', { username: user.username })}
                link={link.link}
                expiresAt={link.expiresAt}
                tone="info"
              />
            )}
          </div>
        )}
      </div>
    </Card>
  )
}

/** /iam/users/{uuid}: a user's profile, access, status, sign-in and audit trail; one's own profile for anyone. */
export function UserDetail({ uuid }: { uuid: string }) {
  const { t } = useTranslation()
  const state: unknown = useLocation().state
  const { addToast } = useToast()
  const session = useSession()
  const access = useIamAccess()
  const query = useUser(uuid)
  const user = query.data
  const self = session.user?.user_uuid === uuid
  const relation = user ? relationIn(user, session.entityCode) : undefined
  const canReadUsers = access.can('users', 'read')
  const canEditUsers = access.can('users', 'edit')
  const member = useMember(uuid, user?.username, canReadUsers && relation !== undefined)
  const update = useUpdateUser(uuid)

  if (!user)
    return (
      <DetailState
        query={query}
        valid
        title={t('iamScreens.tabs.users')}
        breadcrumb={<BackLink tab="users" />}
        notFoundTitle={t('iamScreens.users.notFound')}
        notFoundDescription={t('iamScreens.notFoundDescription')}
      />
    )

  const isMember = relation !== undefined
  const editable = self || (canEditUsers && isMember)
  const waiting = access.loading('users') || (canReadUsers && isMember && member.isPending)
  const memberRow = member.data ?? null
  const accessEditable = canEditUsers && memberRow !== null
  const activation = isActivationState(state) ? state.activation : null

  const saveImage = async (url: string | null) => {
    await update.mutateAsync({ image_url: url })
    addToast({
      title: url ? t('iamScreens.image.saved') : t('iamScreens.image.removed'),
      variant: 'success',
      timeout: 5000,
    })
    refreshOwnSession(self)
  }

  return (
    <>
      <PageHeader
        title={user.name}
        breadcrumb={canReadUsers ? <BackLink tab="users" /> : t('iamScreens.users.yourProfile')}
        description={
          <>
            <span className="font-mono">{user.username}</span>
            {relation !== undefined && <> · {relationLabel(t, relation)}</>}
            {self && <> · {t('iamScreens.users.you')}</>}
          </>
        }
        actions={<UserStatusBadge status={user.status} />}
      />
      {activation && (
        <div className="mb-5">
          <CopyLink
            label={t('iamScreens.users.activationLink')}
            description={t('iamScreens.users.activationHelp', { username: activation.username })}
            link={activation.link}
            expiresAt={activation.expiresAt}
          />
        </div>
      )}
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-3">
        <div className="space-y-5 xl:col-span-2">
          <Card title={t('iamScreens.users.profile')}>
            <div className="space-y-5">
              <ImageUpload
                name={user.name}
                currentUrl={user.image_url}
                canEdit={editable}
                onSave={saveImage}
              />
              {waiting ? (
                <Loader size="sm" className="py-6" />
              ) : (
                <DetailsForm
                  user={user}
                  member={memberRow}
                  self={self}
                  editable={editable}
                  accessEditable={accessEditable}
                />
              )}
            </div>
          </Card>
          {!accessEditable && memberRow && <AccessSummary member={memberRow} />}
        </div>
        <div className="space-y-5">
          <StatusCard user={user} relation={relation} self={self} canEdit={canEditUsers} />
          {self && <TwoFactorCard uuid={uuid} mode={user.mfa_primary_mode} />}
          {access.can('audit', 'read') && <AuditTrail objectType="user" objectId={uuid} />}
        </div>
      </div>
    </>
  )
}
