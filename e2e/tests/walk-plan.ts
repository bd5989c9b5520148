/**
 * The route walk's plan (route-walk.spec.ts, route-walk.phone.spec.ts): which demo user walks which routes, which
 * detail each list opens, and which calls of the spec's call tables (packages/contract/src/spec-calls.ts) the walk
 * must see. Keys are `specCallKey`'s: `service METHOD /path/{param}`.
 */

/** One step of a walk; after each the page settles and axe runs on it. */
export type Step =
  /** Open an address inside the app (no reload). */
  | { readonly go: string }
  /**
   * Follow the first visible link in the page to a route of routes.ts (React Router syntax, each parameter filled),
   * as a person opens the first row of a list; or, written `?name`, the first link that adds that query parameter to
   * the current page (a side panel).
   */
  | { readonly open: string }
  /** Set one query parameter on the current address (a tab kept in the URL). */
  | { readonly view: string }
  /** Press a button, by its accessible name: a row added or a panel opened, never a form submitted. */
  | { readonly press: string }
  /** Open a combobox by its accessible name: a picker searches as its list opens. */
  | { readonly pick: string }
  /** Choose an option of a select, both by their accessible names. */
  | { readonly choose: { readonly select: string; readonly option: string } }

export const go = (address: string): Step => ({ go: address })
export const open = (route: string): Step => ({ open: route })
export const view = (param: string): Step => ({ view: param })
export const press = (button: string): Step => ({ press: button })
export const pick = (combobox: string): Step => ({ pick: combobox })
export const choose = (select: string, option: string): Step => ({ choose: { select, option } })

export interface Walk {
  /** The demo user who walks (README "Demo logins"). */
  readonly user: string
  /** Names the walk when a user has more than one; the user's name otherwise. */
  readonly name?: string
  readonly steps: readonly Step[]
  /** Spec calls the walk must make: the union of what its screens ask for. */
  readonly calls: readonly string[]
}

/** Routes shown only when signed out; the visitor walk opens each with a page load. */
export const SIGNED_OUT_ADDRESSES = [
  '/login',
  '/digital-health/login',
  '/reset-password/not-a-real-link',
] as const

export const WALKS: readonly Walk[] = [
  {
    user: 'vending',
    steps: [
      go('/machines'),
      open('/machines/:id'),
      go('/machines/export-history'),
      go('/credits'),
      go('/machine-orders'),
      open('/machine-orders/:uuid?'),
      go('/transactions'),
      go('/maintenance'),
      open('/maintenance/:id'),
      go('/promotions'),
      open('/promotions/:uuid'),
      go('/promotions/create'),
      go('/closed-loop'),
      open('/closed-loop/:uuid?'),
      go('/closed-loop?tab=employees'),
    ],
    calls: [
      // An entity admin's top bar asks whether entity settings are open to them through child entities (A §5).
      'main POST /iam/users/{id}/child-entities/filter',
      'main POST /iot/machines/filter',
      'main POST /iam/sets/filter',
      'main POST /iot/orders/items-filter',
      'main POST /iot/orders/items/count',
      'main POST /iot/mt-summaries/filter',
      'main POST /iot/orders/creditlogs/filter',
      'main POST /payment/transaction/filter',
      'main POST /promo/closed-loops/filter',
      'main POST /promo/employees/filter',
    ],
  },
  {
    // The vending operator's catalogue and devices: a second walk, so that no one test runs far longer than the rest.
    user: 'vending',
    name: 'vending catalogue',
    steps: [
      go('/inventory'),
      open('/inventory/skus/:id'),
      open('/inventory/skus/:id?/edit'),
      go('/inventory/skus/create'),
      go('/templates/machines'),
      open('/templates/machines/:uuid'),
      open('/templates/machines/:uuid/edit'),
      go('/templates/machines/create'),
      go('/devices'),
      open('/devices/tcn/:id?'),
      go('/devices?tab=dashboard'),
      open('/devices/:id'),
    ],
    calls: [
      'main POST /iot/skus/filter',
      'main POST /iot/templates/filter',
      'main GET /iot/templates/{id}',
      'main POST /iot/tcn-devices/filter',
      'main POST /iot/devices/filter',
    ],
  },
  {
    user: 'admin',
    steps: [
      go('/iam'),
      open('/iam/users/:id?'),
      // The new user's form: one access row, whose pickers search roles, sets and then policies as they open.
      go('/iam/users'),
      press('Add role or policy'),
      pick('Role of access 1'),
      pick('Set of access 1'),
      choose('Type of access 1', 'Policy'),
      pick('Policy of access 1'),
      go('/iam?tab=roles'),
      open('/iam/roles/:id?'),
      go('/iam/roles'),
      // The first policy matching "Payment" names a real app, so its statements ask for that app's resources.
      go('/iam?tab=policies&q=Payment'),
      open('/iam/policies/:id?'),
      go('/iam/policies'),
      go('/iam?tab=sets'),
      open('/iam/sets/:id?'),
      go('/iam/sets'),
      go('/iam?tab=entities'),
      go('/entity-settings'),
      open('/entity-settings/payment-options/:id'),
      // The dialog's member search lists the entity's members as it opens; nothing is added.
      press('Add user'),
      go('/entity-settings?tab=integrations'),
      open('/entity-settings/integration-options/:id'),
      go('/entity-settings/payment-options/error'),
      go('/my-teams'),
      go('/components'),
    ],
    calls: [
      'main GET /iam/users/{id}',
      'main GET /iam/entities/{id}',
      'main GET /iam/entities',
      'main POST /iam/policies/check',
      'main POST /iam/users/filter',
      'main POST /iam/roles/filter',
      'main POST /iam/policies/filter',
      'main GET /iam/policies/{id}',
      'main GET /iam/policies/apps',
      'main GET /iam/policies/actions',
      'main GET /iam/policies/resource',
      'main GET /iam/roles/{id}',
      'main POST /iam/sets/filter',
      'main GET /iam/sets/{id}',
      'main GET /iam/sets/{id}/parents',
      'main POST /iam/sets/search/resource',
      'main POST /iam/users/search',
      'main POST /iam/roles/search',
      'main POST /iam/sets/search',
      'main POST /iam/policies/search',
      'main POST /payment/payment-configs/entity/filter',
      'main GET /payment/payment-configs/entity/{id}',
      'main GET /payment/payment-configs/method',
      'main GET /payment/payment-configs/gateway',
      'main POST /payment/payment-configs/user/filter',
      'main POST /iam/integration-options/filter',
      'main GET /iam/integration-options/{id}',
      'main GET /iam/integration-configs/type',
      'main GET /iam/integration-configs/gateway',
      'main GET /iam/integration-configs/type/{code}',
      'main GET /iam/integration-configs/gateway/{name}',
      'main POST /iam/entities/filter',
      'main GET /entity',
    ],
  },
  {
    user: 'cpo',
    steps: [
      go('/cpo'),
      go('/machines'),
      open('/machines/:id'),
      go('/pos-machine-orders'),
      open('/pos-machine-orders/:uuid?'),
      go('/ev-devices'),
      open('/ev-devices/:id?'),
      go('/ev-charging-sessions'),
      open('?session'),
      go('/ev-carbon-data'),
      go('/charge-locations'),
      open('/charge-locations/:locationId'),
      open('/charge-locations/:locationId?/:evseId'),
      go('/tariff'),
      open('/tariff/:id'),
      go('/payout-history'),
      go('/cpo-payout-history'),
    ],
    calls: [
      'charging GET /iam/entities',
      'charging GET /charging-sessions/sessions',
      'charging GET /charge-points/{entity_code}/locations',
      'charging GET /charge-points/{entity_code}/locations/count',
      'charging GET /pricing/tariffs',
    ],
  },
  {
    user: 'emsp',
    steps: [go('/emsp'), go('/ev-charging-sessions'), open('?session'), go('/users'), open('/users/:id')],
    calls: ['charging GET /iam/entities', 'charging GET /charging-sessions/sessions'],
  },
  {
    user: 'fleet',
    steps: [go('/emsp'), go('/ev-carbon-data'), go('/payout-history'), go('/cpo-partners')],
    calls: [],
  },
  {
    user: 'crx',
    steps: [
      go('/crx'),
      open('/crx/cpo-details/:entity'),
      go('/crx'),
      open('/crx/fo-details/:entity'),
      go('/crx/emissions-category'),
      open('/crx/emissions-category/:id?'),
      go('/crx/emissions-category/new'),
      go('/ev-carbon-data'),
      go('/payout-history'),
    ],
    calls: [],
  },
  {
    user: 'voltnet',
    steps: [
      go('/voltnet/emsp/charging-sessions'),
      open('/voltnet/emsp/charging-sessions/:id?'),
      go('/voltnet/cpo/charging-sessions'),
      open('?session'),
      go('/voltnet/charge-locations'),
      open('/voltnet/charge-locations/:locationId'),
      open('/voltnet/charge-locations/:locationId?/:evseId'),
      go('/voltnet/tariffs'),
      open('/voltnet/tariffs/:id'),
      go('/drivers'),
      open('/drivers/:driverId'),
      go('/drivers/add-drivers'),
    ],
    calls: [
      'bus POST /v1/dashboard/charging-sessions',
      'bus POST /v1/dashboard/charging-sessions/count',
      'bus GET /v2/dashboard/drivers',
    ],
  },
  {
    user: 'busways',
    steps: [
      go('/'),
      go('/busways-charging-history'),
      open('?session'),
      go('/busways-charge-locations'),
      open('/busways-charge-locations/:id'),
      open('/busways-charge-locations/:id?/:evseId?'),
    ],
    calls: ['bus GET /v3/dashboard/sessions', 'bus GET /v3/dashboard/sessions/{id}'],
  },
  {
    user: 'health',
    steps: [
      go('/digital-health'),
      go('/digital-health/cases'),
      open('/digital-health/:caseId?/info'),
      go('/medical-tnc'),
    ],
    calls: ['cases POST /cases/filter'],
  },
  {
    user: 'medicord',
    steps: [
      go('/'),
      go('/medicord'),
      open('/medicord/group/:uuid?'),
      view('view=team'),
      view('view=members'),
      go('/medicord'),
      open('/medicord/group/:uuid?'),
      open('/medicord/:uuid'),
      go('/covid'),
      open('?group'),
      open('/covid/:uuid'),
      go('/supervisor-submit-test'),
      go('/transactions'),
      go('/closed-loop'),
    ],
    calls: ['reporting POST /ti-filter', 'reporting GET /testInstances'],
  },
  {
    user: 'limo',
    steps: [go('/'), go('/limo/drivers'), open('/limo/drivers/:driverId'), go('/limo/drivers/add-drivers')],
    calls: ['bus GET /v2/eleccalimo/drivers'],
  },
  {
    user: 'campaigns',
    steps: [go('/'), go('/typeform-campaigns'), open('/typeform-campaigns/:campaign_id?/info')],
    calls: ['forms POST /forms/campaign/filter'],
  },
  {
    user: 'srs',
    steps: [go('/'), go('/srs-buddy'), open('/srs-buddy/:uuid?')],
    calls: [],
  },
]

/**
 * Read calls of the spec that no screen makes yet: the screens that make them are being built (issue 12, section 1).
 * The walk fails when one of them is made, so an entry is removed (and its call put in a walk's `calls`) as soon as
 * its screen lands.
 */
export const NOT_YET_MADE: Readonly<Record<string, string>> = {}

/**
 * Read calls the walk does not make on purpose: each needs typed input or a submitted form that the walk does not
 * do, and another browser spec proves it. The walk fails when one of them is made anyway (then it belongs in a
 * walk's `calls`).
 */
export const NEEDS_INPUT: Readonly<Record<string, string>> = {}

/** Routes the walks do not open, each with its reason. */
export const ROUTES_NOT_WALKED: Readonly<Record<string, string>> = {}
