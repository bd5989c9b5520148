import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, setLanguage } from '@/lib/i18n'
import { auditChanges } from './audit-trail'
import { absoluteLink } from './copy-link'
import { imageProblem } from '@/components/form-kit/image-upload'
import { localizeMessage } from './messages'
import { groupSecret } from './two-factor-card'

const t = i18n.t.bind(i18n)

// Languages other than English are downloaded when chosen: choose Chinese once, then come back.
beforeAll(async () => {
  await setLanguage('zh')
  await setLanguage('en')
})

describe('imageProblem (checked before anything is uploaded)', () => {
  it('accepts the four image types up to 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 }, t)).toBeNull()
    expect(imageProblem({ type: 'image/webp', size: 10 }, t)).toBeNull()
  })
  it('names the limit and the size of a file that is too large, and refuses other types', () => {
    expect(imageProblem({ type: 'image/jpeg', size: 3.4 * 1024 * 1024 }, t)).toBe(
      'This image is 3.4 MB; the limit is 2 MB.',
    )
    expect(imageProblem({ type: 'application/pdf', size: 10 }, t)).toBe(
      'Choose a PNG, JPEG, WebP or GIF image.',
    )
    expect(imageProblem({ type: 'image/svg+xml', size: 10 }, t)).toBe(
      'Choose a PNG, JPEG, WebP or GIF image.',
    )
  })
})

describe('auditChanges', () => {
  it('lists the fields that changed, with statuses by name and named lists by their names', () => {
    expect(
      auditChanges(
        { name: 'A', status: 1, updated_at: 1, policies: [{ id: 1, name: 'Read only' }] },
        { name: 'A', status: 4, updated_at: 2, policies: [{ id: 2, name: 'Administrator' }] },
        t,
      ),
    ).toEqual([
      { field: 'status', from: 'Active', to: 'Inactive' },
      { field: 'policies', from: 'Read only', to: 'Administrator' },
    ])
  })
  it('has nothing to list for a creation or a deletion', () => {
    expect(auditChanges(null, { name: 'A' }, t)).toEqual([])
  })
})

describe('small helpers', () => {
  it('shows one-time links in full, on this site', () => {
    expect(absoluteLink('/reset-password/abc', 'https://portal.example')).toBe(
      'https://portal.example/reset-password/abc',
    )
  })
  it('groups an authenticator secret by four', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ')
  })
})

describe('localizeMessage (the contract and server rules in the interface language)', () => {
  it('translates the messages it knows and keeps the others as the server wrote them', () => {
    const zh = i18n.getFixedT('zh')
    expect(localizeMessage(zh, 'Enter a name')).toBe('请输入名称')
    expect(localizeMessage(zh, 'Give either a role or a policy')).toBe('请选择一个角色或一项策略')
    expect(localizeMessage(zh, 'Something new on the server')).toBe('Something new on the server')
    expect(localizeMessage(t, 'Enter a name')).toBe('Enter a name')
  })
})
