import { findPaymentGateway, paymentMethods } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { useSession } from '@/lib/session/session-store'
import { useDeletePaymentOption, usePaymentOption, useUpdatePaymentOption } from './api/payment-options'
import { canDelete, canEdit, useSettingsAccess } from './api/settings-access'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { Card } from '@/components/form-kit/fields'
import { LevelBadge, SETTINGS_PATH, SettingsDetailState } from './settings-parts'
import { PaymentOptionForm } from './payment-option-form'
import { UserConfigsCard } from './user-configs-card'
import { serverMessage } from '@/lib/server-messages'

/** /entity-settings/payment-options/{id}: one payment option, editable by level, and the users allowed to use it. */
export function PaymentOptionPage() {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const navigate = useNavigate()
  const formId = useId()
  const { id } = useParams()
  const optionId = Number(id)
  const { entity } = useSession()
  const { payment: level } = useSettingsAccess()
  const query = usePaymentOption(optionId)
  const update = useUpdatePaymentOption(optionId)
  const remove = useDeletePaymentOption(optionId)
  const [confirming, setConfirming] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const back = (
    <Link to={SETTINGS_PATH} className="text-brand-700 hover:underline">
      ← {t('entitySettings.title')}
    </Link>
  )

  if (!query.data) {
    return (
      <SettingsDetailState
        valid={Number.isInteger(optionId) && optionId > 0}
        query={query}
        level={level}
        breadcrumb={back}
        notFoundTitle={t('entitySettings.payment.notFound')}
      />
    )
  }

  const option = query.data
  const confirmDelete = async () => {
    setDeleteError(null)
    try {
      await remove.mutateAsync()
      addToast({
        variant: 'success',
        title: t('entitySettings.payment.deleted'),
        message: option.display_name,
        timeout: 5000,
      })
      void navigate(SETTINGS_PATH)
    } catch (error) {
      setDeleteError(serverMessage(error) || null)
    }
  }

  return (
    <>
      <PageHeader
        title={option.display_name}
        breadcrumb={back}
        description={`${labelOf(paymentMethods, option.method_code)} · ${findPaymentGateway(option.gateway_code)?.name ?? option.gateway_code}`}
        actions={
          <>
            <Badge tone={option.is_enabled ? 'positive' : 'neutral'} dot>
              {option.is_enabled ? t('entitySettings.on') : t('entitySettings.off')}
            </Badge>
            <LevelBadge level={level} />
            {canDelete(level) && (
              <Button
                variant="errorBasic"
                onClick={() => {
                  setDeleteError(null)
                  setConfirming(true)
                }}
              >
                {t('entitySettings.delete')}
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-5">
        <Card
          title={t('entitySettings.payment.settings')}
          actions={
            canEdit(level) && (
              <Button type="submit" form={formId} loading={update.isPending}>
                {t('entitySettings.save')}
              </Button>
            )
          }
        >
          <PaymentOptionForm
            key={`${String(option.id)}-${String(option.updated_at)}`}
            formId={formId}
            option={option}
            defaultCurrency={entity?.currency_code ?? option.currency_code}
            readOnly={!canEdit(level)}
            save={(body) => update.mutateAsync(body)}
          />
        </Card>
        <UserConfigsCard optionId={option.id} currency={option.currency_code} level={level} />
      </div>
      <ConfirmDelete
        open={confirming}
        title={t('entitySettings.payment.deleteTitle')}
        busy={remove.isPending}
        error={deleteError}
        cancelLabel={t('entitySettings.cancel')}
        confirmLabel={t('entitySettings.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('entitySettings.payment.deleteConfirm', { name: option.display_name })}</p>
        {option.user_config_count > 0 && (
          <p className="mt-2 font-medium text-rose-700">
            {t('entitySettings.payment.deleteUsers', { count: option.user_config_count })}
          </p>
        )}
      </ConfirmDelete>
    </>
  )
}
