import { imageUploadResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** POST /iam/img-upload (multipart field `file`): the server checks the bytes and answers the image's URL. */
export function uploadImage(file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  return mainApi.upload('/iam/img-upload', form, imageUploadResponse).then((r) => r.data.url)
}
