import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, setLanguage } from '@/lib/i18n'
import { errorsUnder, flatErrors } from './field-errors'

const t = i18n.t.bind(i18n)

// Languages other than English are downloaded when chosen: choose Chinese once, then come back.
beforeAll(async () => {
  await setLanguage('zh')
  await setLanguage('en')
})

describe('flatErrors (react-hook-form’s error tree → one message per dotted path)', () => {
  it('names each field by its path, rows of a list by their index, and a list’s own message by the list', () => {
    const input = document.createElement('input')
    const tree = {
      name: { type: 'too_small', message: 'Enter a name', ref: input },
      grants: [
        { role_id: { type: 'custom', message: 'Give either a role or a policy' } },
        undefined,
        { set_id: { type: 'server', message: 'Unknown set' } },
      ],
      policy_ids: { root: { type: 'too_small', message: 'Choose at least one policy' } },
      statements: { type: 'too_small', message: 'Add at least one statement' },
    }
    expect(flatErrors(tree, t)).toEqual({
      name: 'Enter a name',
      'grants.0.role_id': 'Give either a role or a policy',
      'grants.2.set_id': 'Unknown set',
      policy_ids: 'Choose at least one policy',
      statements: 'Add at least one statement',
    })
  })

  it('says the messages it knows in the interface language', () => {
    const zh = i18n.getFixedT('zh')
    expect(flatErrors({ name: { type: 'too_small', message: 'Enter a name' } }, zh)).toEqual({
      name: '请输入名称',
    })
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
