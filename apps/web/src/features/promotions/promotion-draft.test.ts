import { PromotionType } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import { emptyDraft, promotionDraftSchema } from './promotion-draft'

const t = (key: string) => key
const schema = promotionDraftSchema('SGD', t)
const messages = (draft: ReturnType<typeof emptyDraft>) => {
  const result = schema.safeParse(draft)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the promotion form schema', () => {
  it('asks for a name and a type before anything else', () => {
    expect(messages(emptyDraft())).toEqual({
      name: 'promotions.form.required',
      type: 'promotions.form.chooseType',
    })
  })

  it('checks the extras of the chosen type with the contract’s rules, beside their inputs', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Night pass',
      type: String(PromotionType.Count),
      item_balance: '8',
      original_item_balance: '5',
    }
    expect(messages(draft)).toEqual({ original_item_balance: 'Must be at least the item balance' })
  })

  it('names the end date when it is before the start date', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Night pass',
      type: String(PromotionType.Count),
      item_balance: '8',
      original_item_balance: '10',
      start_time: '2026-11-05',
      end_time: '2026-11-04',
    }
    expect(messages(draft)).toEqual({ end_time: 'promotions.form.endBeforeStart' })
  })

  it('turns a valid draft into the request: money in minor units, days as the day’s first and last moment', () => {
    const result = schema.safeParse({
      ...emptyDraft(),
      name: ' Top-up ',
      type: String(PromotionType.Credits),
      money_balance: '12.5',
      original_money_balance: '20',
      start_time: '2026-11-01',
      end_time: '2026-11-30',
    })
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({
      name: 'Top-up',
      type: PromotionType.Credits,
      status: 1,
      money_balance: 1250,
      original_money_balance: 2000,
      start_time: new Date(2026, 10, 1).getTime(),
      end_time: new Date(2026, 11, 1).getTime() - 1,
    })
  })
})
