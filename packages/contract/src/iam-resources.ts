import type { AppCode } from './apps'
import { defineCatalogue } from './catalogue'

/** The apps of the IAM model, with the names the policy editor shows. */
export const apps = defineCatalogue<AppCode>('app', [
  ['iam', 'Identity and access'],
  ['iot', 'Machines and devices'],
  ['payment', 'Payments'],
  ['promo', 'Promotions and closed loop'],
  ['ev', 'EV charging'],
  ['carbon', 'Carbon credits'],
  ['health', 'Digital health'],
  ['forms', 'Campaign forms'],
  ['reporting', 'Test reporting'],
])

export interface IamResource {
  readonly app_code: AppCode
  readonly resource_code: string
  readonly name: string
}

/**
 * The resources a policy statement can name (`GET /iam/policies/resource`). Codes are path-like; a statement may
 * use `*` for any one segment or, at the end, for everything below (`machines/*`, `*`). Every server endpoint
 * declares one of these (with an action) as the permission it needs.
 */
export const IAM_RESOURCES: readonly IamResource[] = [
  { app_code: 'iam', resource_code: 'users/*', name: 'Users' },
  { app_code: 'iam', resource_code: 'roles/*', name: 'Roles' },
  { app_code: 'iam', resource_code: 'policies/*', name: 'Policies' },
  { app_code: 'iam', resource_code: 'sets/*', name: 'Sets' },
  { app_code: 'iam', resource_code: 'entities/*', name: 'Entities' },
  { app_code: 'iam', resource_code: 'integration-options/*', name: 'Integration options' },
  { app_code: 'iam', resource_code: 'audit/*', name: 'Audit trail' },
  { app_code: 'iam', resource_code: 'webhooks/*', name: 'Webhooks' },
  { app_code: 'iam', resource_code: 'alerts/*', name: 'Alerts' },
  { app_code: 'iam', resource_code: 'roaming/*', name: 'Roaming partners' },
  { app_code: 'iam', resource_code: 'views/*', name: 'Saved views' },
  { app_code: 'iot', resource_code: 'machines/*', name: 'Machines' },
  { app_code: 'iot', resource_code: 'orders/*', name: 'Machine orders' },
  { app_code: 'iot', resource_code: 'templates/*', name: 'Machine templates' },
  { app_code: 'iot', resource_code: 'devices/*', name: 'Devices' },
  { app_code: 'iot', resource_code: 'maintenance/*', name: 'Maintenance' },
  { app_code: 'iot', resource_code: 'skus/*', name: 'SKUs' },
  { app_code: 'iot', resource_code: 'credits/*', name: 'Machine credits' },
  { app_code: 'payment', resource_code: 'transactions/*', name: 'Transactions' },
  { app_code: 'payment', resource_code: 'payment-configs/*', name: 'Payment configuration' },
  { app_code: 'promo', resource_code: 'promotions/*', name: 'Promotions' },
  { app_code: 'promo', resource_code: 'employees/*', name: 'Closed-loop employees' },
  { app_code: 'promo', resource_code: 'persons/*', name: 'Closed-loop persons' },
  { app_code: 'ev', resource_code: 'locations/*', name: 'Charge locations' },
  { app_code: 'ev', resource_code: 'devices/*', name: 'Chargers' },
  { app_code: 'ev', resource_code: 'sessions/*', name: 'Charging sessions' },
  { app_code: 'ev', resource_code: 'tariffs/*', name: 'Tariffs' },
  { app_code: 'ev', resource_code: 'drivers/*', name: 'Drivers' },
  { app_code: 'carbon', resource_code: 'records/*', name: 'Carbon records' },
  { app_code: 'carbon', resource_code: 'payouts/*', name: 'Payouts' },
  { app_code: 'health', resource_code: 'cases/*', name: 'Cases' },
  { app_code: 'health', resource_code: 'srs-buddies/*', name: 'SRS buddies' },
  { app_code: 'health', resource_code: 'medical-terms/*', name: 'Medical terms and conditions' },
  { app_code: 'forms', resource_code: 'campaigns/*', name: 'Campaigns' },
  { app_code: 'reporting', resource_code: 'tests/*', name: 'Test results' },
]
