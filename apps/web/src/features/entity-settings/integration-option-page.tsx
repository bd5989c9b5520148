import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import {
  useDeleteIntegrationOption,
  useIntegrationOption,
  useUpdateIntegrationOption,
} from './api/integration-options'
import { canDelete, canEdit, useSettingsAccess } from './api/settings-access'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import { Card } from '@/components/form-kit/fields'
import { IntegrationOptionForm } from './integration-option-form'
import { integrationGatewayName, typeName } from './labels'
import { LevelBadge, SETTINGS_PATH, SettingsDetailState } from './settings-parts'
import { serverMessage } from '@/lib/server-messages'

/** /entity-settings/integration-options/{id}: one integration option; its settings come from its type. */
export function IntegrationOptionPage() {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const navigate = useNavigate()
  const formId = useId()
  const { id } = useParams()
  const optionId = Number(id)
  const { integration: level } = useSettingsAccess()
  const query = useIntegrationOption(optionId)
  const update = useUpdateIntegrationOption(optionId)
  const remove = useDeleteIntegrationOption(optionId)
  const [confirming, setConfirming] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const back = (
    <Link to={`${SETTINGS_PATH}?tab=integrations`} className="text-brand-700 hover:underline">
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
        notFoundTitle={t('entitySettings.integration.notFound')}
      />
    )
  }

  const option = query.data
  const gateway = integrationGatewayName(option.type_code, option.gateway_name)
  const confirmDelete = async () => {
    setDeleteError(null)
    try {
      await remove.mutateAsync()
      addToast({
        variant: 'success',
        title: t('entitySettings.integration.deleted'),
        message: option.name,
        timeout: 5000,
      })
      void navigate(`${SETTINGS_PATH}?tab=integrations`)
    } catch (error) {
      setDeleteError(serverMessage(error) || null)
    }
  }

  return (
    <>
      <PageHeader
        title={option.name}
        breadcrumb={back}
        description={`${typeName(t, option.type_code)} · ${gateway}`}
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
      <Card
        title={t('entitySettings.integration.settingsTitle')}
        actions={
          canEdit(level) && (
            <Button type="submit" form={formId} loading={update.isPending}>
              {t('entitySettings.save')}
            </Button>
          )
        }
      >
        <IntegrationOptionForm
          key={`${String(option.id)}-${String(option.updated_at)}`}
          formId={formId}
          option={option}
          readOnly={!canEdit(level)}
          save={(body) => update.mutateAsync(body)}
        />
      </Card>
      <ConfirmDelete
        open={confirming}
        title={t('entitySettings.integration.deleteTitle')}
        busy={remove.isPending}
        error={deleteError}
        cancelLabel={t('entitySettings.cancel')}
        confirmLabel={t('entitySettings.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      >
        {t('entitySettings.integration.deleteConfirm', { name: option.name })}
      </ConfirmDelete>
    </>
  )
}
