import { describe, expect, it } from 'vitest'
import type { GrantRow } from './grants-editor'
import type { UserFormValue } from './user-form'
import { userCreateBody, userUpdateBody } from './user-form'

const grants: GrantRow[] = [
  { key: 'a', kind: 'role', refId: 4, setId: null },
  { key: 'b', kind: 'policy', refId: 9, setId: 2 },
]
const value: UserFormValue = {
  name: 'Ana Tan',
  username: 'ana',
  email: '  ',
  phone_number: ' +65 8123 4567 ',
  relation: 1,
  grants,
}

describe('user form → request', () => {
  it('sends blank contact fields as null and each grant as exactly one of role and policy', () => {
    expect(userCreateBody(value)).toEqual({
      name: 'Ana Tan',
      username: 'ana',
      email: null,
      phone_number: '+65 8123 4567',
      relation: 1,
      grants: [
        { role_id: 4, policy_id: null, set_id: null },
        { role_id: null, policy_id: 9, set_id: 2 },
      ],
    })
  })

  it('sends relation and grants only when the editor may change them', () => {
    expect(userUpdateBody(value, { access: false })).toEqual({
      name: 'Ana Tan',
      email: null,
      phone_number: '+65 8123 4567',
    })
    expect(userUpdateBody(value, { access: true })).toMatchObject({
      relation: 1,
      grants: [
        { role_id: 4, policy_id: null, set_id: null },
        { role_id: null, policy_id: 9, set_id: 2 },
      ],
    })
  })
})
