import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, imageUploadResponse } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { DefaultImage } from '@/components/ui/default-image/default-image'
import { mainApi } from '@/lib/http'
import { serverMessage } from '@/lib/server-messages'

const MB = 1024 * 1024

/** POST /iam/img-upload (multipart field `file`): the server checks the bytes and answers the image's URL. */
export function uploadImage(file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  return mainApi.upload('/iam/img-upload', form, imageUploadResponse).then((r) => r.data.url)
}

/** Why a file cannot be the picture, checked before anything is sent; null when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>, t: TFunction): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return t('iamScreens.image.wrongType')
  if (file.size > IMAGE_UPLOAD_MAX_BYTES)
    return t('iamScreens.image.tooLarge', {
      size: (file.size / MB).toFixed(1),
      max: String(IMAGE_UPLOAD_MAX_BYTES / MB),
    })
  if (file.size === 0) return t('iamScreens.image.empty')
  return null
}

/**
 * A picture (a user's, an entity's logo): choose a file (PNG, JPEG, WebP or GIF up to 2 MB), see it before saving,
 * then upload it (POST /iam/img-upload) and save its URL on its owner. The picture can also be removed.
 */
export function ImageUpload({
  name,
  currentUrl,
  canEdit,
  onSave,
}: {
  name: string
  currentUrl: string | null
  canEdit: boolean
  /** Saves the URL on its owner (null removes the picture); rejects with the server's error. */
  onSave: (url: string | null) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // The preview is an object URL of the chosen file; let the browser free it when it is replaced or gone.
  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const clear = () => {
    setFile(null)
    setPreview(null)
    if (input.current) input.current.value = ''
  }

  const choose = (chosen: File | undefined) => {
    setError(null)
    if (!chosen) return
    const problem = imageProblem(chosen, t)
    if (problem) {
      clear()
      setError(problem)
      return
    }
    setFile(chosen)
  }

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await action()
      clear()
    } catch (err) {
      setError(serverMessage(err) || t('iamScreens.saveFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex items-start gap-4">
      <DefaultImage name={name} src={preview ?? currentUrl} size="xl" />
      {canEdit && (
        <div className="min-w-0 flex-1 space-y-2">
          {file ? (
            <>
              <p className="truncate text-xs text-slate-600">
                {t('iamScreens.image.preview', { name: file.name })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  loading={busy}
                  onClick={() => void run(async () => onSave(await uploadImage(file)))}
                >
                  {t('iamScreens.image.save')}
                </Button>
                <Button size="sm" variant="classic" onClick={clear} disabled={busy}>
                  {t('iamScreens.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              <label className="inline-flex h-8 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-xs font-medium text-slate-700 shadow-xs focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-slate-50">
                {currentUrl ? t('iamScreens.image.change') : t('iamScreens.image.choose')}
                <input
                  ref={input}
                  type="file"
                  accept={IMAGE_UPLOAD_TYPES.join(',')}
                  className="sr-only"
                  onChange={(e) => choose(e.target.files?.[0])}
                />
              </label>
              {currentUrl && (
                <Button
                  size="sm"
                  variant="errorBasic"
                  loading={busy}
                  onClick={() => void run(() => onSave(null))}
                >
                  {t('iamScreens.image.remove')}
                </Button>
              )}
            </div>
          )}
          <p
            className={error ? 'text-xs text-rose-700' : 'text-xs text-slate-500'}
            role={error ? 'alert' : undefined}
          >
            {error ?? t('iamScreens.image.rule', { max: String(IMAGE_UPLOAD_MAX_BYTES / MB) })}
          </p>
        </div>
      )}
    </div>
  )
}
