import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { entityCreateForm, entityFormValues, entityUpdateForm } from '@/components/entity-profile/entity-form'
import { entityFilterBody } from './entities-tab'

const page = { limit: 20, offset: 0 }

describe('the entity list request (POST /iam/entities/filter)', () => {
  it('sends the search, the industry and the parent (its child entities) only when set', () => {
    expect(entityFilterBody(listStateOf({ q: '', industry: '', parent: '' }), page)).toEqual(page)
    expect(
      entityFilterBody(
        listStateOf({ q: 'care', industry: 'digital_health_automation', parent: 'HEALTH' }),
        page,
      ),
    ).toEqual({
      ...page,
      search: 'care',
      industry: 'digital_health_automation',
      parent_code: 'HEALTH',
    })
  })
})

describe('the entity forms', () => {
  const values = {
    ...entityFormValues(),
    code: 'cb-east',
    name: 'CareBridge East',
    industries: ['digital_health_automation'],
  }

  it('creates with the contract’s rules: blank text is none, codes are capitals', () => {
    expect(entityCreateForm.parse(values)).toMatchObject({
      code: 'CB-EAST',
      parent_code: null,
      preferred_identifier: null,
      ev_backend_url: null,
      currency_code: 'SGD',
    })
    const bad = entityCreateForm.safeParse({
      ...values,
      code: 'x',
      industries: [],
      ev_backend_url: 'not a url',
    })
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'code',
      'ev_backend_url',
      'industries',
    ])
  })

  it('sends industries and roles only for a platform administrator; never the code or the parent', () => {
    const entity = { ...values, code: 'CB-EAST', parent_code: 'HEALTH' }
    expect(entityUpdateForm(false).parse(entity)).toEqual({
      name: 'CareBridge East',
      currency_code: 'SGD',
      time_zone: 'Asia/Singapore',
      preferred_identifier: null,
      ev_backend_url: null,
    })
    expect(entityUpdateForm(true).parse(entity)).toMatchObject({
      industries: ['digital_health_automation'],
      roles: [],
    })
  })
})
