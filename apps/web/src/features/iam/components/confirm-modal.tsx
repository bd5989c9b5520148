import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ButtonVariant } from '@/components/ui/button/button'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { FormError } from '@/components/form-kit/fields'

/** Asks before a change that is hard to undo (a status change, a delete); shows the server's refusal in place. */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  busy = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  confirmVariant?: ButtonVariant
  busy?: boolean
  error?: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size="md"
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={busy}>
            {t('iamScreens.cancel')}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {children}
        <FormError message={error} />
      </div>
    </Modal>
  )
}
