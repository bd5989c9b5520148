import type { RouteDef } from '@portal/contract'
import { DIGITAL_HEALTH_LOGIN_PATH, LOGIN_PATH, ROUTES } from '@portal/contract'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { createBrowserRouter, data } from 'react-router'
import { loadScreenStrings } from '@/lib/i18n'
import { ErrorPage } from './error/error-page'
import { withChunkReload } from './guards/chunk-reload'
import { Root } from './root'
import { RouteFrame } from './route-frame'

type Loader = () => Promise<{ Component: ComponentType }>

/**
 * Screens that exist, by route path; every other route of A §2 shows a titled frame until its step of the plan
 * builds it. Each screen is its own chunk, loaded on demand.
 */
const SCREENS: Record<string, Loader> = {
  '/ev-carbon-data': () =>
    import('@/features/carbon/carbon-data-page').then((m) => ({ Component: m.CarbonDataPage })),
  '/payout-history': () =>
    import('@/features/carbon/payout-history-page').then((m) => ({ Component: m.PayoutHistoryPage })),
  '/cpo-payout-history': () =>
    import('@/features/carbon/payout-history-page').then((m) => ({ Component: m.PayoutHistoryPage })),
  '/cpo-partners': () =>
    import('@/features/carbon/cpo-partners-page').then((m) => ({ Component: m.CpoPartnersPage })),
  '/crx': () => import('@/features/crx/crx-page').then((m) => ({ Component: m.CrxPage })),
  '/crx/emissions-category': () =>
    import('@/features/crx/emissions-categories-page').then((m) => ({
      Component: m.EmissionsCategoriesPage,
    })),
  '/crx/emissions-category/:id?': () =>
    import('@/features/crx/emissions-category-page').then((m) => ({ Component: m.EmissionsCategoryPage })),
  '/crx/cpo-details/:entity': () =>
    import('@/features/crx/partner-details-page').then((m) => ({ Component: m.CpoDetailsPage })),
  '/crx/fo-details/:entity': () =>
    import('@/features/crx/partner-details-page').then((m) => ({ Component: m.FoDetailsPage })),
  '/covid': () => import('@/features/test-programmes/covid-page').then((m) => ({ Component: m.CovidPage })),
  '/covid/:uuid': () =>
    import('@/features/test-programmes/covid-record-page').then((m) => ({ Component: m.CovidRecordPage })),
  '/medicord': () =>
    import('@/features/test-programmes/medicord-page').then((m) => ({ Component: m.MedicordPage })),
  '/medicord/group/:uuid?': () =>
    import('@/features/test-programmes/medicord-group-page').then((m) => ({
      Component: m.MedicordGroupPage,
    })),
  '/medicord/:uuid': () =>
    import('@/features/test-programmes/medicord-person-page').then((m) => ({
      Component: m.MedicordPersonPage,
    })),
  '/supervisor-submit-test': () =>
    import('@/features/test-programmes/supervisor-submit-test-page').then((m) => ({
      Component: m.SupervisorSubmitTestPage,
    })),
  '/digital-health': () =>
    import('@/features/digital-health/add-case-page').then((m) => ({ Component: m.AddCasePage })),
  '/digital-health/cases': () =>
    import('@/features/digital-health/cases-page').then((m) => ({ Component: m.CasesPage })),
  '/digital-health/:caseId?/info': () =>
    import('@/features/digital-health/case-page').then((m) => ({ Component: m.CasePage })),
  '/typeform-campaigns': () =>
    import('@/features/campaigns/campaigns-page').then((m) => ({ Component: m.CampaignsPage })),
  '/typeform-campaigns/:campaign_id?/info': () =>
    import('@/features/campaigns/campaign-page').then((m) => ({ Component: m.CampaignPage })),
  '/srs-buddy': () =>
    import('@/features/srs-buddy/srs-buddy-page').then((m) => ({ Component: m.SrsBuddyPage })),
  '/srs-buddy/:uuid?': () =>
    import('@/features/srs-buddy/srs-buddy-record-page').then((m) => ({ Component: m.SrsBuddyRecordPage })),
  '/medical-tnc': () =>
    import('@/features/medical-terms/medical-terms-page').then((m) => ({ Component: m.MedicalTermsPage })),
  '/components': () =>
    import('@/features/components-gallery/components-page').then((m) => ({ Component: m.ComponentsPage })),
  '/charge-locations': () =>
    import('@/features/charge-locations/locations-page').then((m) => ({ Component: m.LocationsPage })),
  '/voltnet/charge-locations': () =>
    import('@/features/charge-locations/locations-page').then((m) => ({ Component: m.LocationsPage })),
  '/busways-charge-locations': () =>
    import('@/features/charge-locations/locations-page').then((m) => ({ Component: m.LocationsPage })),
  '/charge-locations/:locationId': () =>
    import('@/features/charge-locations/location-page').then((m) => ({ Component: m.LocationPage })),
  '/voltnet/charge-locations/:locationId': () =>
    import('@/features/charge-locations/location-page').then((m) => ({ Component: m.LocationPage })),
  '/busways-charge-locations/:id': () =>
    import('@/features/charge-locations/location-page').then((m) => ({ Component: m.LocationPage })),
  '/charge-locations/:locationId?/:evseId': () =>
    import('@/features/charge-locations/evse-page').then((m) => ({ Component: m.EvsePage })),
  '/voltnet/charge-locations/:locationId?/:evseId': () =>
    import('@/features/charge-locations/evse-page').then((m) => ({ Component: m.EvsePage })),
  '/busways-charge-locations/:id?/:evseId?': () =>
    import('@/features/charge-locations/evse-page').then((m) => ({ Component: m.EvsePage })),
  '/ev-charging-sessions': () =>
    import('@/features/charging-sessions/cpo-sessions-page').then((m) => ({ Component: m.CpoSessionsPage })),
  '/busways-charging-history': () =>
    import('@/features/bus-sessions/busways-history-page').then((m) => ({ Component: m.BuswaysHistoryPage })),
  '/voltnet/cpo/charging-sessions': () =>
    import('@/features/bus-sessions/voltnet-sessions-page').then((m) => ({
      Component: m.VoltnetCpoSessionsPage,
    })),
  '/voltnet/emsp/charging-sessions': () =>
    import('@/features/bus-sessions/voltnet-sessions-page').then((m) => ({
      Component: m.VoltnetEmspSessionsPage,
    })),
  '/voltnet/emsp/charging-sessions/:id?': () =>
    import('@/features/bus-sessions/voltnet-session-page').then((m) => ({ Component: m.VoltnetSessionPage })),
  '/tariff': () => import('@/features/tariffs/tariffs-page').then((m) => ({ Component: m.TariffsPage })),
  '/voltnet/tariffs': () =>
    import('@/features/tariffs/tariffs-page').then((m) => ({ Component: m.TariffsPage })),
  '/tariff/:id': () => import('@/features/tariffs/tariff-page').then((m) => ({ Component: m.TariffPage })),
  '/voltnet/tariffs/:id': () =>
    import('@/features/tariffs/tariff-page').then((m) => ({ Component: m.TariffPage })),
  '/drivers': () => import('@/features/drivers/drivers-page').then((m) => ({ Component: m.DriversPage })),
  '/drivers/add-drivers': () =>
    import('@/features/drivers/add-drivers-page').then((m) => ({ Component: m.AddDriversPage })),
  '/drivers/:driverId': () =>
    import('@/features/drivers/driver-page').then((m) => ({ Component: m.DriverPage })),
  '/limo/drivers': () =>
    import('@/features/drivers/limo-drivers-page').then((m) => ({ Component: m.LimoDriversPage })),
  '/limo/drivers/add-drivers': () =>
    import('@/features/drivers/add-drivers-page').then((m) => ({ Component: m.AddDriversPage })),
  '/limo/drivers/:driverId': () =>
    import('@/features/drivers/driver-page').then((m) => ({ Component: m.DriverPage })),
  '/users': () => import('@/features/ev-users/ev-users-page').then((m) => ({ Component: m.EvUsersPage })),
  '/users/:id': () => import('@/features/ev-users/ev-user-page').then((m) => ({ Component: m.EvUserPage })),
  '/ev-devices': () =>
    import('@/features/ev-devices/ev-devices-page').then((m) => ({ Component: m.EvDevicesPage })),
  '/ev-devices/:id?': () =>
    import('@/features/ev-devices/ev-device-page').then((m) => ({ Component: m.EvDevicePage })),
  '/cpo': () => import('@/features/ev-home/cpo-home-page').then((m) => ({ Component: m.CpoHomePage })),
  '/emsp': () => import('@/features/ev-home/emsp-home-page').then((m) => ({ Component: m.EmspHomePage })),
  '/closed-loop': () =>
    import('@/features/closed-loop/closed-loop-page').then((m) => ({ Component: m.ClosedLoopPage })),
  '/closed-loop/:uuid?': () =>
    import('@/features/closed-loop/person-page').then((m) => ({ Component: m.PersonPage })),
  '/': () => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage })),
  '/machines': () => import('@/features/machines/machines-page').then((m) => ({ Component: m.MachinesPage })),
  '/machines/export-history': () =>
    import('@/features/export-history/export-history-page').then((m) => ({ Component: m.ExportHistoryPage })),
  '/machines/:id': () =>
    import('@/features/machines/machine-page').then((m) => ({ Component: m.MachinePage })),
  '/devices': () => import('@/features/devices/devices-page').then((m) => ({ Component: m.DevicesPage })),
  '/devices/tcn/:id?': () =>
    import('@/features/devices/tcn-device-page').then((m) => ({ Component: m.TcnDevicePage })),
  '/devices/:id': () => import('@/features/devices/device-page').then((m) => ({ Component: m.DevicePage })),
  '/promotions': () =>
    import('@/features/promotions/promotions-page').then((m) => ({ Component: m.PromotionsPage })),
  '/promotions/create': () =>
    import('@/features/promotions/promotion-create-page').then((m) => ({ Component: m.PromotionCreatePage })),
  '/promotions/:uuid': () =>
    import('@/features/promotions/promotion-page').then((m) => ({ Component: m.PromotionPage })),
  '/machine-orders': () =>
    import('@/features/machine-orders/machine-orders-page').then((m) => ({ Component: m.MachineOrdersPage })),
  '/machine-orders/:uuid?': () =>
    import('@/features/machine-orders/machine-orders-page').then((m) => ({ Component: m.MachineOrdersPage })),
  '/pos-machine-orders': () =>
    import('@/features/pos-machine-orders/pos-machine-orders-page').then((m) => ({
      Component: m.PosMachineOrdersPage,
    })),
  '/pos-machine-orders/:uuid?': () =>
    import('@/features/pos-machine-orders/pos-machine-orders-page').then((m) => ({
      Component: m.PosMachineOrdersPage,
    })),
  '/transactions': () =>
    import('@/features/transactions/transactions-page').then((m) => ({ Component: m.TransactionsPage })),
  '/inventory': () =>
    import('@/features/inventory/inventory-page').then((m) => ({ Component: m.InventoryPage })),
  '/inventory/skus/create': () =>
    import('@/features/inventory/sku-form-page').then((m) => ({ Component: m.SkuFormPage })),
  '/inventory/skus/:id': () =>
    import('@/features/inventory/sku-page').then((m) => ({ Component: m.SkuPage })),
  '/inventory/skus/:id?/edit': () =>
    import('@/features/inventory/sku-form-page').then((m) => ({ Component: m.SkuFormPage })),
  '/templates/machines': () =>
    import('@/features/templates/templates-page').then((m) => ({ Component: m.TemplatesPage })),
  '/templates/machines/create': () =>
    import('@/features/templates/template-form-page').then((m) => ({ Component: m.TemplateFormPage })),
  '/templates/machines/:uuid': () =>
    import('@/features/templates/template-page').then((m) => ({ Component: m.TemplatePage })),
  '/templates/machines/:uuid/edit': () =>
    import('@/features/templates/template-form-page').then((m) => ({ Component: m.TemplateFormPage })),
  '/my-teams': () => import('@/features/teams/my-teams-page').then((m) => ({ Component: m.MyTeamsPage })),
  '/maintenance': () =>
    import('@/features/maintenance/maintenance-page').then((m) => ({ Component: m.MaintenancePage })),
  '/maintenance/:id': () =>
    import('@/features/maintenance/maintenance-summary-page').then((m) => ({
      Component: m.MaintenanceSummaryPage,
    })),
  '/credits': () => import('@/features/credits/credits-page').then((m) => ({ Component: m.CreditsPage })),
  '/iam': () => import('@/features/iam/pages/iam-layout').then((m) => ({ Component: m.IamLayout })),
  '/iam/users/:id?': () => import('@/features/iam/pages/user-page').then((m) => ({ Component: m.UserPage })),
  '/iam/service-accounts/:id?': () =>
    import('@/features/iam/pages/service-account-page').then((m) => ({ Component: m.ServiceAccountPage })),
  '/iam/roles/:id?': () => import('@/features/iam/pages/role-page').then((m) => ({ Component: m.RolePage })),
  '/iam/policies/:id?': () =>
    import('@/features/iam/pages/policy-page').then((m) => ({ Component: m.PolicyPage })),
  '/iam/sets/:id?': () => import('@/features/iam/pages/set-page').then((m) => ({ Component: m.SetPage })),
  '/entity-settings': () =>
    import('@/features/entity-settings/entity-settings-page').then((m) => ({
      Component: m.EntitySettingsPage,
    })),
  '/entity-settings/payment-options/error': () =>
    import('@/features/entity-settings/payment-option-error-page').then((m) => ({
      Component: m.PaymentOptionErrorPage,
    })),
  '/entity-settings/payment-options/:id': () =>
    import('@/features/entity-settings/payment-option-page').then((m) => ({
      Component: m.PaymentOptionPage,
    })),
  '/entity-settings/integration-options/:id': () =>
    import('@/features/entity-settings/integration-option-page').then((m) => ({
      Component: m.IntegrationOptionPage,
    })),
  '/alerts': () => import('@/features/alerts/alerts-page').then((m) => ({ Component: m.AlertsPage })),
  '/alerts/:id': () => import('@/features/alerts/alert-page').then((m) => ({ Component: m.AlertPage })),
}

/**
 * The portal's own screens beyond A §2 (issue 16's alerts). The contract's route table is the spec's, verbatim and
 * tested as such, so these are declared here.
 */
const OWN_ROUTES: readonly RouteDef[] = [
  { path: '/alerts', title: 'Alerts' },
  { path: '/alerts/:id', title: 'Alert' },
  // Issue 18's integrator keys: a child of /iam like the spec's IAM pages.
  { path: '/iam/service-accounts/:id?', title: 'Service account' },
]

/**
 * /iam stays alive while a path under it is open (A §2): its routes are children of /iam, whose layout keeps the
 * list mounted (hidden) beside the detail and restores its scroll itself, so the router's scroll-to-top is off there.
 */
const IAM_PATH = '/iam'
const underIam = (route: RouteDef) => route.path.startsWith(`${IAM_PATH}/`)

const loginScreen: Loader = () =>
  import('@/features/auth/login-page').then((m) => ({ Component: m.LoginPage }))
const resetPasswordScreen: Loader = () =>
  import('@/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }))

/**
 * The shell, and the strings of every screen under it (lib/i18n.ts), arrive beside the screen's own chunk: the
 * sign-in page needs neither, and no screen renders before its strings are in (docs/decisions/0040-lazy-locales.md).
 */
const shellScreen: Loader = () =>
  Promise.all([import('./shell/shell'), loadScreenStrings()]).then(([m]) => ({ Component: m.Shell }))

/** Pages shown without the shell (A §2: no navigation on the login screen or when logged out). */
const OUTSIDE_SHELL = new Set([LOGIN_PATH, DIGITAL_HEALTH_LOGIN_PATH, '/reset-password/:ott?'])

function frame(route: RouteDef): RouteObject {
  const Frame = () => <RouteFrame title={route.title} />
  return { path: route.path, Component: Frame, handle: { title: route.title } }
}

function pageRoute(route: RouteDef): RouteObject {
  const load = SCREENS[route.path]
  const page = load
    ? { path: route.path, lazy: withChunkReload(load), handle: { title: route.title } }
    : frame(route)
  if (route.path !== IAM_PATH || !load) return page
  return {
    path: route.path,
    lazy: withChunkReload(load),
    handle: { title: route.title, scrollToTop: false },
    children: [...ROUTES, ...OWN_ROUTES].filter(underIam).map(pageRoute),
  }
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    errorElement: <ErrorPage />,
    children: [
      { path: LOGIN_PATH, lazy: withChunkReload(loginScreen) },
      { path: DIGITAL_HEALTH_LOGIN_PATH, lazy: withChunkReload(loginScreen) },
      { path: '/reset-password/:ott?', lazy: withChunkReload(resetPasswordScreen) },
      {
        lazy: withChunkReload(shellScreen),
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              ...ROUTES.filter((r) => !OUTSIDE_SHELL.has(r.path) && !underIam(r)).map(pageRoute),
              ...OWN_ROUTES.filter((r) => !underIam(r)).map(pageRoute),
              {
                path: '*',
                loader: () => {
                  // React Router's documented way to answer 404 from a loader is to throw its data() response.
                  // eslint-disable-next-line @typescript-eslint/only-throw-error
                  throw data('This page could not be found', { status: 404 })
                },
              },
            ],
          },
        ],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
