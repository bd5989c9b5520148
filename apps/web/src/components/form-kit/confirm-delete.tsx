import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { FormError } from './fields'

/** Asks before deleting; shows the server's refusal in place. */
export function ConfirmDelete({
  open,
  title,
  children,
  busy,
  error,
  onConfirm,
  onClose,
  cancelLabel,
  confirmLabel,
}: {
  open: boolean
  title: string
  children: ReactNode
  busy: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
  cancelLabel: string
  confirmLabel: string
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="md"
      closeOnOutsideClick={!busy}
      footer={
        <>
          <Button variant="classic" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="error" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div>{children}</div>
        <FormError message={error} />
      </div>
    </Modal>
  )
}
