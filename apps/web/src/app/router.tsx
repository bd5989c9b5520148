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
  '/': () => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage })),
  '/machines': () => import('@/features/machines/machines-page').then((m) => ({ Component: m.MachinesPage })),
  '/machines/:id': () =>
    import('@/features/machines/machine-page').then((m) => ({ Component: m.MachinePage })),
  '/my-teams': () => import('@/features/teams/my-teams-page').then((m) => ({ Component: m.MyTeamsPage })),
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
