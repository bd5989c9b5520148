import { policyWriteRequest, userCreateRequest } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { errorsUnder, serverFieldErrors, validateForm, zodFieldErrors } from './field-errors'
import { USER_FORM_FIELDS } from './user-form'

describe('validateForm (the contract schema → a message beside each field)', () => {
  it('keys each message by the dotted path of its field, the first message per field', () => {
    const result = validateForm(userCreateRequest, {
      name: '  ',
      username: 'A',
      email: 'not-an-email',
      phone_number: 'call me',
      relation: 2,
      grants: [{ role_id: null, policy_id: null, set_id: null }],
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual({
      name: 'Enter a name',
      username: expect.stringContaining('Use 3–50 lower-case letters'),
      email: 'Enter a valid email address',
      phone_number: 'Enter a phone number such as +65 8123 4567',
      'grants.0.role_id': 'Give either a role or a policy',
    })
  })

  it('gives the parsed request when the form is valid', () => {
    const result = validateForm(userCreateRequest, {
      name: ' Ana Tan ',
      username: 'Ana.Tan',
      email: null,
      phone_number: null,
      relation: 2,
      grants: [{ role_id: 3, policy_id: null, set_id: null }],
    })
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        name: 'Ana Tan',
        username: 'ana.tan',
        grants: [expect.objectContaining({ role_id: 3 })],
      }),
    })
  })

  it('names the statement and the cell of a policy that breaks a rule', () => {
    const result = validateForm(policyWriteRequest, {
      name: 'Ops',
      statements: [
        { app_code: 'iot', resource_code: 'machines/*', action_code: 'read' },
        { app_code: 'iot', resource_code: 'Machines!', action_code: 'read' },
      ],
    })
    expect(result.ok || result.errors).toEqual({
      'statements.1.resource_code': "Use a path such as 'machines/*', or '*'",
    })
    const empty = validateForm(policyWriteRequest, { name: 'Ops', statements: [] })
    expect(empty.ok || empty.errors).toEqual({ statements: 'Add at least one statement' })
  })

  it('zodFieldErrors keeps the first of several messages for one field', () => {
    const parsed = userCreateRequest.safeParse({ name: '', username: '' })
    expect(parsed.success).toBe(false)
    if (parsed.success) return
    const errors = zodFieldErrors(parsed.error)
    expect(Object.keys(errors)).toEqual(['name', 'username'])
  })
})

describe('serverFieldErrors (a 400 from the server → the same field messages)', () => {
  const fallback = 'Could not save'

  it('puts each issue of a field the form shows beside it, without the body. prefix', () => {
    const error = new ApiError(400, 'body.username: This username is taken', 'BAD_REQUEST', [
      { path: 'body.username', message: 'This username is taken' },
      { path: 'body.grants.1.set_id', message: 'Unknown set' },
    ])
    expect(serverFieldErrors(error, USER_FORM_FIELDS, fallback)).toEqual({
      fields: { username: 'This username is taken', 'grants.1.set_id': 'Unknown set' },
      message: null,
    })
  })

  it('keeps what belongs to no field of the form as the form message', () => {
    const error = new ApiError(400, 'bad', 'BAD_REQUEST', [
      { path: 'body.name', message: 'Enter a name' },
      { path: 'body.image_url', message: 'Too long' },
    ])
    expect(serverFieldErrors(error, ['name'], fallback)).toEqual({
      fields: { name: 'Enter a name' },
      message: 'image_url: Too long',
    })
  })

  it('shows the server message of a refusal (403, 409) and a fallback for anything else', () => {
    const conflict = new ApiError(409, 'This role is given to 2 user(s); take it from them first', 'CONFLICT')
    expect(serverFieldErrors(conflict, ['name'], fallback)).toEqual({ fields: {}, message: conflict.message })
    expect(serverFieldErrors('boom', ['name'], fallback)).toEqual({ fields: {}, message: fallback })
    expect(serverFieldErrors(new Error('offline'), ['name'], fallback).message).toBe('offline')
  })
})

describe('errorsUnder', () => {
  it('re-keys the errors of a list relative to it, its own message under ""', () => {
    expect(
      errorsUnder(
        { name: 'x', grants: 'Too many', 'grants.0.role_id': 'Pick one', 'grantsX.1': 'no' },
        'grants',
      ),
    ).toEqual({ '': 'Too many', '0.role_id': 'Pick one' })
  })
})
