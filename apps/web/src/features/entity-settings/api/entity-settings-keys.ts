import type {
  IntegrationOptionFilterRequest,
  OcpiMessageFilterRequest,
  PaymentOptionFilterRequest,
  UserPaymentConfigFilterRequest,
  WebhookDeliveryListQuery,
} from '@portal/contract'

/** One root per entity: switching entity never shows another entity's settings. */
const root = (entityCode: string | null) => ['entity-settings', entityCode] as const

/**
 * Every query key of entity settings, defined once (STYLE.md, bulletproof-react). User configs live under the
 * payment options: adding or removing one changes its option's user count, so one invalidation refreshes both.
 */
export const settingsKeys = {
  paymentOptions: {
    all: (e: string | null) => [...root(e), 'payment-options'] as const,
    list: (e: string | null, body: PaymentOptionFilterRequest) =>
      [...settingsKeys.paymentOptions.all(e), 'list', body] as const,
    detail: (e: string | null, id: number) => [...settingsKeys.paymentOptions.all(e), 'detail', id] as const,
    userConfigs: (e: string | null, body: UserPaymentConfigFilterRequest) =>
      [...settingsKeys.paymentOptions.all(e), 'user-configs', body] as const,
  },
  integrationOptions: {
    all: (e: string | null) => [...root(e), 'integration-options'] as const,
    list: (e: string | null, body: IntegrationOptionFilterRequest) =>
      [...settingsKeys.integrationOptions.all(e), 'list', body] as const,
    detail: (e: string | null, id: number) =>
      [...settingsKeys.integrationOptions.all(e), 'detail', id] as const,
  },
  /** The entity's webhooks (GET /webhooks) and each one's delivery log. */
  webhooks: {
    all: (e: string | null) => [...root(e), 'webhooks'] as const,
    list: (e: string | null) => [...settingsKeys.webhooks.all(e), 'list'] as const,
    deliveries: (e: string | null, id: number, query: WebhookDeliveryListQuery) =>
      [...settingsKeys.webhooks.all(e), 'deliveries', id, query] as const,
  },
  /** The entity's OCPI roaming (issue 17): its identity, its partners, and each partner's message log. */
  roaming: {
    all: (e: string | null) => [...root(e), 'roaming'] as const,
    identity: (e: string | null) => [...settingsKeys.roaming.all(e), 'identity'] as const,
    partners: (e: string | null) => [...settingsKeys.roaming.all(e), 'partners'] as const,
    partner: (e: string | null, id: number) => [...settingsKeys.roaming.all(e), 'partner', id] as const,
    messages: (e: string | null, id: number, body: OcpiMessageFilterRequest) =>
      [...settingsKeys.roaming.all(e), 'messages', id, body] as const,
  },
  /** Members found by name for "Add user" (POST /iam/users/search). */
  members: (e: string | null, query: string) => [...root(e), 'members', query] as const,
  /** The user's child entities (POST /iam/users/{id}/child-entities/filter), every page. */
  allChildEntities: (e: string | null, userUuid: string) => [...root(e), 'child-entities', userUuid] as const,
  childEntities: (e: string | null, userUuid: string, page: { limit: number; offset: number }) =>
    [...settingsKeys.allChildEntities(e, userUuid), page] as const,
  /** The catalogues are the same for every entity. */
  catalogue: {
    paymentMethods: () => ['entity-settings', 'catalogue', 'payment-methods'] as const,
    paymentGateways: (methodCode: number) =>
      ['entity-settings', 'catalogue', 'payment-gateways', methodCode] as const,
    integrationTypes: () => ['entity-settings', 'catalogue', 'integration-types'] as const,
    integrationType: (code: string) => ['entity-settings', 'catalogue', 'integration-type', code] as const,
    integrationGateways: (typeCode: string) =>
      ['entity-settings', 'catalogue', 'integration-gateways', typeCode] as const,
    integrationGateway: (typeCode: string, name: string) =>
      ['entity-settings', 'catalogue', 'integration-gateway', typeCode, name] as const,
  },
}
