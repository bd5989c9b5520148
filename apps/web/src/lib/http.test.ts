import { errorBody } from '@portal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, mainApi, parseErrorBody } from './http'

afterEach(() => {
  vi.unstubAllGlobals()
})

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText: status === 502 ? 'Bad Gateway' : '',
    headers: { 'content-type': 'application/json' },
  })
}

describe('parseErrorBody', () => {
  const bodies: unknown[] = [
    {
      error: {
        code: 'BAD_REQUEST',
        message: 'limit is too large',
        issues: [{ path: 'body.limit', message: 'Too big' }],
      },
    },
    { error: { code: 'FORBIDDEN', message: 'Not allowed' } },
    { error: { code: 'NOT_FOUND', message: 'No such machine', issues: [] } },
  ]

  it.each(bodies)('reads what the contract’s error envelope holds: %j', (body) => {
    const contract = errorBody.parse(body)
    expect(parseErrorBody(body)).toEqual({
      code: contract.error.code,
      message: contract.error.message,
      issues: contract.error.issues ?? [],
    })
  })

  it.each([null, 'oops', [], { error: 'x' }, { error: { code: 'X' } }, { error: { message: 'no code' } }])(
    'refuses what is not an error envelope: %j',
    (body) => {
      expect(parseErrorBody(body)).toBeNull()
    },
  )

  it('drops malformed issues rather than the whole message', () => {
    expect(
      parseErrorBody({
        error: { code: 'BAD_REQUEST', message: 'Bad', issues: [{ path: 'a' }, { path: 'b', message: 'B' }] },
      }),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Bad', issues: [{ path: 'b', message: 'B' }] })
  })
})

describe('request', () => {
  const schema = z.object({ data: z.object({ count: z.number() }) })

  it('parses with a schema imported beside the request, not before it', async () => {
    const order: string[] = []
    let release: (r: Response) => void = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        order.push('fetch')
        return new Promise<Response>((resolve) => {
          release = resolve
        })
      }),
    )
    const load = vi.fn(() => {
      order.push('import')
      return Promise.resolve(schema)
    })
    const pending = mainApi.get('/iam/things', load)
    await Promise.resolve()
    // Both started before the server answered.
    expect(order.sort()).toEqual(['fetch', 'import'])
    release(answer(200, { data: { count: 3 } }))
    await expect(pending).resolves.toEqual({ data: { count: 3 } })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('refuses a body its schema does not describe', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(200, { data: { count: 'three' } }))),
    )
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(mainApi.get('/iam/things', () => Promise.resolve(schema))).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    })
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })

  it('turns an error envelope into an ApiError, and anything else into the status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(403, { error: { code: 'FORBIDDEN', message: 'Not yours' } }))),
    )
    const forbidden = await mainApi.get('/iam/things', schema).catch((e: unknown) => e)
    expect(forbidden).toBeInstanceOf(ApiError)
    expect(forbidden).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Not yours' })

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(502, '<html>proxy</html>'))),
    )
    await expect(mainApi.get('/iam/things', schema)).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    })
  })
})

describe('logging API errors (A §8)', () => {
  it('logs the method, the path without its query, the status and the request id, never the token or body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not yours' } }), {
            status: 403,
            headers: { 'content-type': 'application/json', 'x-request-id': 'req-7c1f0e2a' },
          }),
        ),
      ),
    )
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const error = await mainApi
      .post('/iot/machines/filter', { password: 'hunter22' }, z.unknown(), { query: { name: 'Tan Ah Kow' } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 403, requestId: 'req-7c1f0e2a' })
    expect(log).toHaveBeenCalledTimes(1)
    const line = String(log.mock.calls[0]?.[0])
    expect(line).toBe(
      'API error: POST /iot/machines/filter → 403 FORBIDDEN (request req-7c1f0e2a): Not yours',
    )
    expect(line).not.toMatch(/hunter22|Tan Ah Kow|Token/)
    log.mockRestore()
  })

  it('logs a network failure, and not an aborted request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(mainApi.get('/iam/things', z.unknown())).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    })
    expect(String(log.mock.calls[0]?.[0])).toMatch(/^API error: GET \/iam\/things → 0 NETWORK/)

    log.mockClear()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))),
    )
    await expect(mainApi.get('/iam/things', z.unknown())).rejects.toThrow('aborted')
    expect(log).not.toHaveBeenCalled()
    log.mockRestore()
  })
})
