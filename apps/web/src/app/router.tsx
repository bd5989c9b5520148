import type { RouteDef } from '@portal/contract'
import { DIGITAL_HEALTH_LOGIN_PATH, LOGIN_PATH, ROUTES } from '@portal/contract'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { createBrowserRouter, data } from 'react-router'
import { ErrorPage } from './error/error-page'
import { withChunkReload } from './guards/chunk-reload'
import { Root } from './root'
import { RouteFrame } from './route-frame'
import { Shell } from './shell/shell'

type Loader = () => Promise<{ Component: ComponentType }>

/**
 * Screens that exist, by route path; every other route of A §2 shows a titled frame until its step of the plan
 * builds it. Each screen is its own chunk, loaded on demand.
 */
const SCREENS: Record<string, Loader> = {
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
}

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
    children: ROUTES.filter(underIam).map(pageRoute),
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
        Component: Shell,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              ...ROUTES.filter((r) => !OUTSIDE_SHELL.has(r.path) && !underIam(r)).map(pageRoute),
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
