import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'

/**
 * A secret the server generated and returns once (an OCPP password, an enrolment password, a machine's API key),
 * with a copy button and what to do with it. Closing it is the last chance to read it: it does not close on a click
 * outside.
 */
export function SecretShownOnce({
  title,
  intro,
  label,
  secret,
  details,
  hint,
  onClose,
}: {
  title: string
  /** Why to copy it now. */
  intro: string
  /** What the secret is (the code block's accessible name). */
  label: string
  secret: string
  /** Where it goes: label and value pairs (username, endpoint, header). */
  details: readonly { term: string; value: string }[]
  hint?: string | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const copy = () => {
    void navigator.clipboard
      .writeText(secret)
      .then(() => addToast({ title: t('ui.secretCopied', { label }), variant: 'success' }))
      .catch(() => addToast({ title: t('ui.secretCopyFailed'), variant: 'error' }))
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      closeOnOutsideClick={false}
      footer={<Button onClick={onClose}>{t('ui.secretDone')}</Button>}
    >
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <p>{intro}</p>
        <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
          <code className="min-w-0 flex-1 font-mono text-base break-all text-slate-900" aria-label={label}>
            {secret}
          </code>
          <Button variant="secondary" size="sm" onClick={copy}>
            {t('ui.secretCopy')}
          </Button>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          {details.map((d) => (
            <div key={d.term} className="contents">
              <dt className="text-slate-500">{d.term}</dt>
              <dd className="font-mono text-xs break-all">{d.value}</dd>
            </div>
          ))}
        </dl>
        {hint && <p className="text-slate-600">{hint}</p>}
      </div>
    </Modal>
  )
}
