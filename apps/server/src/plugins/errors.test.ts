import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../test-support'

interface Issue {
  path: string
  message: string
  message_code?: string
  params?: Record<string, unknown>
}
interface ErrorResponse {
  error: { code: string; message: string; message_code?: string; params?: object; issues?: Issue[] }
}

const issueAt = (body: ErrorResponse, path: string) => body.error.issues?.find((i) => i.path === path)

describe.each(DIALECTS)('error messages with their codes on %s (docs/decisions/0050)', (dialect) => {
  let t: TestApp
  let vending: string

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    vending = await loginAs(t.app, 'vending')
  })
  afterAll(() => t.close())

  it('a 400 of schema validation carries each field’s code and parameters beside zod’s English message', async () => {
    const r = await call<ErrorResponse>(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: vending,
      body: { limit: 1001, offset: 0 },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'body.limit: Too big: expected number to be <=1000',
      issues: [
        {
          path: 'body.limit',
          message: 'Too big: expected number to be <=1000',
          message_code: 'too_big',
          params: { maximum: 1000 },
        },
      ],
    })
  })

  it('names a missing field, a short one and an unknown one', async () => {
    const missing = await call<ErrorResponse>(t.app, 'POST', '/api/main/iam/login', {
      body: { username: '' },
    })
    expect(missing.status).toBe(400)
    // The contract's own English stays; the code says what it means.
    expect(issueAt(missing.body, 'body.username')).toEqual({
      path: 'body.username',
      message: 'Username is required',
      message_code: 'too_short',
      params: { minimum: 1 },
    })
    expect(issueAt(missing.body, 'body.password')).toMatchObject({ message_code: 'required', params: {} })

    const unknown = await call<ErrorResponse>(t.app, 'POST', '/api/main/iam/login', {
      body: { username: 'vending', password: 'demo1234', remember: true },
    })
    expect(unknown.body.error.issues).toEqual([
      {
        path: 'body.remember',
        message: 'Unknown field: remember',
        message_code: 'unknown_field',
        params: { keys: ['remember'] },
      },
    ])
  })

  it('carries the code a contract rule names (an end before its start)', async () => {
    const busways = await loginAs(t.app, 'busways')
    const r = await call<ErrorResponse>(
      t.app,
      'GET',
      '/api/bus/v2/dashboard/drivers?createdAtFrom=2000&createdAtTo=1000',
      { token: busways },
    )
    expect(r.status).toBe(400)
    expect(issueAt(r.body, 'query.createdAtTo')).toEqual({
      path: 'query.createdAtTo',
      message: 'createdAtTo must not be before createdAtFrom',
      message_code: 'not_before',
      params: { other: 'createdAtFrom' },
    })
  })

  it('carries the code of a service’s field rule (a name already taken)', async () => {
    // VEND's demo data has a set coded `east`.
    const dup = await call<ErrorResponse>(t.app, 'POST', '/api/main/iam/sets', {
      token: vending,
      body: { code: 'east', name: 'East again' },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.error.issues).toEqual([
      {
        path: 'body.code',
        message: 'A set with this code already exists',
        message_code: 'taken',
        params: {},
      },
    ])
  })

  it('codes the whole error where it is one of the catalogue’s', async () => {
    const missing = await call<ErrorResponse>(t.app, 'GET', '/api/main/iot/machines/99999999', {
      token: vending,
    })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Machine not found',
      message_code: 'not_found',
      params: { what: 'Machine' },
    })

    const anonymous = await call<ErrorResponse>(t.app, 'POST', '/api/main/iot/machines/filter', {
      body: { limit: 10, offset: 0 },
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toMatchObject({ code: 'UNAUTHORIZED', message_code: 'unauthorized' })

    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/main/iam/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expect(garbled.statusCode).toBe(400)
    expect(garbled.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'body: the request body is not valid JSON',
        message_code: 'invalid_json',
        params: {},
      },
    })
  })

  it('leaves a message of one rule only without a code, in English', async () => {
    const r = await call<ErrorResponse>(t.app, 'PUT', '/api/main/iam/users/not-a-user', {
      token: vending,
      body: { grants: [{ role_id: null, policy_id: null }] },
    })
    const issue = r.body.error.issues?.find((i) => i.message === 'Give either a role or a policy')
    expect(issue, JSON.stringify(r.body)).toBeDefined()
    expect(issue).not.toHaveProperty('message_code')
  })

  it('documents the codes in the OpenAPI error schema', async () => {
    const r = await call<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
      t.app,
      'GET',
      '/api/docs/json',
    )
    const bad = JSON.stringify(r.body.paths['/api/main/iot/machines/filter']?.post?.responses['400'])
    expect(bad).toContain('"message_code"')
    expect(bad).toContain('"params"')
  })
})
