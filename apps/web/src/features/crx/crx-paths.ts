/** The CRX screens' addresses (A §2). `/crx/emissions-category/new` is the create form of `/{id?}`. */
export const CRX_PATH = '/crx'
export const CATEGORIES_PATH = '/crx/emissions-category'
export const NEW_CATEGORY_PATH = '/crx/emissions-category/new'
export const categoryPath = (id: number) => `/crx/emissions-category/${String(id)}`
export const cpoDetailsPath = (entity: string) => `/crx/cpo-details/${encodeURIComponent(entity)}`
export const foDetailsPath = (entity: string) => `/crx/fo-details/${encodeURIComponent(entity)}`

/** The id in `/crx/emissions-category/{id?}`: null to create (absent or "new"), NaN when it is not an id. */
export function categoryIdOf(param: string | undefined): number | null {
  if (param === undefined || param === '' || param === 'new') return null
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : Number.NaN
}
