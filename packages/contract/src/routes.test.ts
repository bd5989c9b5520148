import { describe, expect, it } from 'vitest'
import { NAV_LINKS } from './nav'
import { PARAM_ROUTES, ROUTES, STATIC_ROUTES } from './routes'

// A §2 "Static routes", verbatim.
const SPEC_STATIC =
  '/ (home), /login, /busways-charge-locations, /busways-charging-history, /charge-locations, /closed-loop, /components, /covid, /cpo, /cpo-partners, /cpo-payout-history, /credits, /crx, /devices, /digital-health, /drivers, /emsp, /entity-settings, /ev-carbon-data, /ev-charging-sessions, /ev-devices, /iam, /inventory, /machine-orders, /machines, /maintenance, /medical-tnc, /medicord, /my-teams, /payout-history, /pos-machine-orders, /promotions, /srs-buddy, /supervisor-submit-test, /tariff, /transactions, /typeform-campaigns, /users, /crx/emissions-category, /digital-health/cases, /digital-health/login, /drivers/add-drivers, /limo/drivers, /machines/export-history, /promotions/create, /templates/machines, /voltnet/charge-locations, /voltnet/tariffs, /entity-settings/payment-options/error, /inventory/skus/create, /limo/drivers/add-drivers, /templates/machines/create, /voltnet/cpo/charging-sessions, /voltnet/emsp/charging-sessions.'

// A §2 "Parameterised routes", verbatim.
const SPEC_PARAM = `
- /voltnet/emsp/charging-sessions/{id?}
- /crx/cpo-details/{entity}, /crx/fo-details/{entity}, /crx/emissions-category/{id?}
- /devices/tcn/{id?}, /devices/{id}
- /entity-settings/integration-options/{id}, /entity-settings/payment-options/{id}
- /iam/policies/{id?}, /iam/roles/{id?}, /iam/sets/{id?}, /iam/users/{id?}
- /inventory/skus/{id}, /inventory/skus/{id?}/edit
- /limo/drivers/{driverId}, /drivers/{driverId}
- /medicord/group/{uuid?}, /medicord/{uuid}
- /templates/machines/{uuid}, /templates/machines/{uuid}/edit
- /voltnet/charge-locations/{locationId}, /voltnet/charge-locations/{locationId?}/{evseId}
- /voltnet/tariffs/{id}
- /busways-charge-locations/{id}, /busways-charge-locations/{id?}/{id?}
- /charge-locations/{locationId}, /charge-locations/{locationId?}/{evseId}
- /closed-loop/{uuid?}, /covid/{uuid}, /ev-devices/{id?}, /machine-orders/{uuid?}, /machines/{id}, /maintenance/{id}, /pos-machine-orders/{uuid?}, /promotions/{uuid}, /srs-buddy/{uuid?}, /tariff/{id}, /users/{id}
- /reset-password/{ott?}
- /digital-health/{caseId?}/info, /typeform-campaigns/{campaign_id?}/info
`

const specStatic = SPEC_STATIC.replace(/\.$/, '')
  .split(', ')
  .map((p) => p.replace(' (home)', ''))

/** The spec's `{name}` / `{name?}` in React Router syntax; its one repeated name gets our `evseId` (see routes.ts). */
const specParam = SPEC_PARAM.trim()
  .split('\n')
  .flatMap((line) => line.replace(/^- /, '').split(', '))
  .map((p) => p.replace('{id?}/{id?}', '{id?}/{evseId?}').replace(/\{(\w+\??)\}/g, ':$1'))

describe('routes of A §2', () => {
  it('has exactly the spec static routes, in its order', () => {
    expect(STATIC_ROUTES.map((r) => r.path)).toEqual(specStatic)
    expect(STATIC_ROUTES).toHaveLength(54)
  })

  it('has exactly the spec parameterised routes, in its order', () => {
    expect(PARAM_ROUTES.map((r) => r.path)).toEqual(specParam)
    expect(PARAM_ROUTES).toHaveLength(41)
  })

  it('includes home, login and the optional reset-password token', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(paths).toEqual(expect.arrayContaining(['/', '/login', '/reset-password/:ott?']))
  })

  it('names the busways EVSE segment instead of repeating :id', () => {
    expect(ROUTES.map((r) => r.path)).toContain('/busways-charge-locations/:id?/:evseId?')
  })

  it('has unique paths, each with a title', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const route of ROUTES) expect(route.title).not.toBe('')
  })

  it('uses no parameter name twice in a path', () => {
    for (const { path } of PARAM_ROUTES) {
      const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1])
      expect(new Set(names).size, path).toBe(names.length)
    }
  })

  it.each(NAV_LINKS.map((l) => [l.path, l.title]))(
    'nav link %s is a static route titled %s',
    (path, title) => {
      expect(STATIC_ROUTES.find((r) => r.path === path)?.title).toBe(title)
    },
  )
})
