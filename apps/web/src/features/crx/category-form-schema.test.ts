import { describe, expect, it } from 'vitest'
import { categoryFormSchema, EMPTY_CATEGORY } from './category-form-schema'

const schema = categoryFormSchema((key) => key)

function messages(draft: typeof EMPTY_CATEGORY): Record<string, string> {
  const parsed = schema.safeParse(draft)
  if (parsed.success) return {}
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the emissions category form', () => {
  it('says what to do for every empty field, in its own words for the choices and the factor', () => {
    expect(messages(EMPTY_CATEGORY)).toEqual({
      name: 'Enter a name',
      vehicle_type: 'crx.category.chooseVehicleType',
      fuel: 'crx.category.chooseFuel',
      emission_factor: 'crx.category.factorRequired',
    })
    expect(messages({ ...EMPTY_CATEGORY, emission_factor: 'lots' }).emission_factor).toBe(
      'crx.category.factorRequired',
    )
  })

  it("keeps the contract's rules: a factor of at most 3 decimals", () => {
    const draft = {
      name: 'Car (petrol)',
      vehicle_type: 'car',
      fuel: 'petrol',
      emission_factor: '0.5555',
      description: '',
    }
    expect(messages(draft)).toEqual({ emission_factor: 'Use at most 3 decimals' })
  })

  it('turns a valid draft into the request: the factor a number, the text trimmed', () => {
    const draft = {
      name: ' Bus (diesel) ',
      vehicle_type: 'bus',
      fuel: 'diesel',
      emission_factor: '0.71',
      description: '',
    }
    expect(schema.parse(draft)).toEqual({
      name: 'Bus (diesel)',
      vehicle_type: 'bus',
      fuel: 'diesel',
      emission_factor: 0.71,
      description: '',
    })
  })
})
