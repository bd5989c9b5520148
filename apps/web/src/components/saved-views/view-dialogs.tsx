import { SAVED_VIEW_NAME_MAX } from '@portal/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { Switch } from '@/components/ui/switch/switch'
import { TextField } from '@/components/ui/text-field/text-field'

/** Names a new view (or renames one), and shares it with the organisation where the user may. */
export function SaveViewDialog(props: {
  open: boolean
  mode: 'save' | 'rename'
  initialName: string
  initialShared: boolean
  canShare: boolean
  pending: boolean
  onClose: () => void
  onSubmit: (name: string, shared: boolean) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(props.initialName)
  const [shared, setShared] = useState(props.initialShared)
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (!props.open) return
    setName(props.initialName)
    setShared(props.initialShared)
    setError(undefined)
  }, [props.open, props.initialName, props.initialShared])

  const submit = () => {
    const trimmed = name.trim()
    if (trimmed === '') return setError(t('savedViews.nameRequired'))
    if (trimmed.length > SAVED_VIEW_NAME_MAX)
      return setError(t('savedViews.nameTooLong', { max: SAVED_VIEW_NAME_MAX }))
    props.onSubmit(trimmed, shared)
  }
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.mode === 'rename' ? t('savedViews.renameTitle') : t('savedViews.saveTitle')}
      footer={
        <>
          <Button variant="classic" size="sm" onClick={props.onClose}>
            {t('savedViews.cancel')}
          </Button>
          <Button size="sm" loading={props.pending} onClick={submit}>
            {t('savedViews.save')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <TextField
          label={t('savedViews.name')}
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX + 10}
          error={error}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        {props.canShare && (
          <Switch
            checked={shared}
            onChange={setShared}
            label={t('savedViews.share')}
            description={t('savedViews.shareHint')}
          />
        )}
      </form>
    </Modal>
  )
}

export function DeleteViewDialog(props: {
  open: boolean
  name: string
  pending: boolean
  onClose: () => void
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t('savedViews.deleteTitle')}
      footer={
        <>
          <Button variant="classic" size="sm" onClick={props.onClose}>
            {t('savedViews.cancel')}
          </Button>
          <Button variant="error" size="sm" loading={props.pending} onClick={props.onConfirm}>
            {t('savedViews.delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{t('savedViews.deleteMessage', { name: props.name })}</p>
    </Modal>
  )
}
