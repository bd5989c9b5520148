import type { AuthGroupConfig } from '@portal/contract'
import { effectiveAuthConfig } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import type { SubmitDraft } from './submit-form'
import {
  draftErrors,
  emptyDraft,
  fromLocalInput,
  submitBody,
  submitFormSchema,
  toLocalInput,
} from './submit-form'

const NOW = new Date('2026-11-20T10:00:00')
const config: AuthGroupConfig = {
  credentials: ['testID', 'nationalId'],
  image: { allowed: true, required: false },
  useTestKitLotNo: true,
  useTestKitID: false,
}
const messages = { required: 'Required', invalidTime: 'Bad time' }
const filled: SubmitDraft = {
  ...emptyDraft('grp-1', 'per-1', NOW),
  result: 'Negative',
  testKitProvider: ' Abbott ',
  testKitLotNo: 'LOT-1',
  testKitID: 'KIT-IGNORED',
  credentials: { testID: 'ART-1234', nationalId: 'S1234567D', staffId: 'E1' },
  siteRef: 'SITE-B',
}

describe('submitBody', () => {
  it('sends only what the group configuration uses, trimmed, the time as epoch ms', () => {
    expect(submitBody(filled, config)).toEqual({
      group: 'grp-1',
      person: 'per-1',
      result: 'Negative',
      testKitProvider: 'Abbott',
      testKitLotNo: 'LOT-1',
      credentials: { testID: 'ART-1234', nationalId: 'S1234567D' },
      siteRef: 'SITE-B',
      submittedAt: NOW.getTime(),
    })
  })

  it('the A §5 fallback sends the photo and no credentials, lot number or kit ID', () => {
    const fallback = effectiveAuthConfig({ ...config, credentials: [] })
    const body = submitBody({ ...filled, imageUrl: '/uploads/x.png' }, fallback)
    expect(body.credentials).toEqual({})
    expect(body.testKitLotNo).toBeUndefined()
    expect(body.testKitID).toBeUndefined()
    expect(body.imageUrl).toBe('/uploads/x.png')
  })
})

describe('draftErrors', () => {
  it('a complete draft has none', () => {
    expect(draftErrors(filled, config, NOW.getTime(), messages)).toEqual({})
  })

  it.each([
    ['no person', { person: '' }, ['person']],
    ['no result', { result: '' }, ['result']],
    ['no test kit', { testKitProvider: '  ' }, ['testKitProvider']],
    ['no lot number', { testKitLotNo: '' }, ['testKitLotNo']],
    ['a missing credential', { credentials: { testID: 'ART-1234' } }, ['credentials.nationalId']],
    [
      'a malformed test ID',
      { credentials: { testID: 'a b', nationalId: 'S1234567D' } },
      ['credentials.testID'],
    ],
    [
      'a time in the future',
      { submittedAt: toLocalInput(new Date(NOW.getTime() + 3_600_000)) },
      ['submittedAt'],
    ],
    ['a time that is not one', { submittedAt: 'soon' }, ['submittedAt']],
  ])('%s', (_name, patch, fields) => {
    expect(Object.keys(draftErrors({ ...filled, ...patch }, config, NOW.getTime(), messages)).sort()).toEqual(
      [...fields].sort(),
    )
  })

  it('asks for the photo where the group requires it', () => {
    const fallback = effectiveAuthConfig(null)
    expect(Object.keys(draftErrors(filled, fallback, NOW.getTime(), messages))).toEqual(['imageUrl'])
  })
})

describe('the form schema and the time inputs', () => {
  it('puts each rule on its field (credentials by kind) and turns a valid draft into the body', () => {
    const schema = submitFormSchema(config, messages, () => NOW.getTime())
    const refused = schema.safeParse({ ...filled, person: '', credentials: { testID: 'ART-1234' } })
    expect(refused.success).toBe(false)
    const paths = (refused.error?.issues ?? []).map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['person', 'credentials.nationalId']))
    expect(schema.parse(filled)).toEqual(submitBody(filled, config))
  })

  it('round-trips a datetime-local value to the minute', () => {
    expect(fromLocalInput(toLocalInput(NOW))).toBe(NOW.getTime())
    expect(fromLocalInput('')).toBeUndefined()
    expect(fromLocalInput('garbage')).toBeUndefined()
  })
})
