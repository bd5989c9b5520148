/**
 * The portal's API as the command-line simulators call it: a user's token, JSON in and out, the envelope's `data`
 * returned, its error message thrown.
 */
export function portalApi(base: URL) {
  return async <T>(path: string, token?: string, body?: unknown): Promise<T> => {
    const r = await fetch(new URL(path, base), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await r.json()) as { data?: T; error?: { message: string } }
    if (!r.ok || json.data === undefined)
      throw new Error(`${path}: ${json.error?.message ?? String(r.status)}`)
    return json.data
  }
}
