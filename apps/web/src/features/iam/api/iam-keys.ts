import type {
  EntityFilterRequest,
  PolicyFilterRequest,
  RoleFilterRequest,
  SetFilterRequest,
  ServiceAccountFilterRequest,
  UserFilterRequest,
} from '@portal/contract'

/** The families of IAM answers: a mutation invalidates the families it may have changed. */
export type IamFamily =
  'users' | 'roles' | 'policies' | 'sets' | 'entities' | 'audit' | 'catalogue' | 'service-accounts'

/** One root per entity and family, so switching entity never shows another entity's answers. */
const family = (entityCode: string | null, name: IamFamily) => ['iam', entityCode, name] as const

/**
 * Every query key of the IAM screens, defined once (STYLE.md, bulletproof-react): lists, details, pickers and
 * catalogues of a family share its root, so a mutation invalidates all it may have changed with `iamKeys.family`.
 */
export const iamKeys = {
  family,
  users: {
    list: (e: string | null, body: UserFilterRequest) => [...family(e, 'users'), 'list', body] as const,
    detail: (e: string | null, uuid: string) => [...family(e, 'users'), 'detail', uuid] as const,
    member: (e: string | null, uuid: string, username: string) =>
      [...family(e, 'users'), 'member', uuid, username] as const,
  },
  roles: {
    list: (e: string | null, body: RoleFilterRequest) => [...family(e, 'roles'), 'list', body] as const,
    all: (e: string | null) => [...family(e, 'roles'), 'all'] as const,
    search: (e: string | null, query: string) => [...family(e, 'roles'), 'search', query] as const,
    detail: (e: string | null, id: number) => [...family(e, 'roles'), 'detail', id] as const,
  },
  policies: {
    list: (e: string | null, body: PolicyFilterRequest) => [...family(e, 'policies'), 'list', body] as const,
    search: (e: string | null, query: string) => [...family(e, 'policies'), 'search', query] as const,
    detail: (e: string | null, id: number) => [...family(e, 'policies'), 'detail', id] as const,
  },
  sets: {
    list: (e: string | null, body: SetFilterRequest) => [...family(e, 'sets'), 'list', body] as const,
    all: (e: string | null) => [...family(e, 'sets'), 'all'] as const,
    search: (e: string | null, query: string) => [...family(e, 'sets'), 'search', query] as const,
    detail: (e: string | null, id: number) => [...family(e, 'sets'), 'detail', id] as const,
    parents: (e: string | null, id: number) => [...family(e, 'sets'), 'parents', id] as const,
    resourceSearch: (e: string | null, query: string) =>
      [...family(e, 'sets'), 'resource-search', query] as const,
  },
  entities: {
    list: (e: string | null, body: EntityFilterRequest) => [...family(e, 'entities'), 'list', body] as const,
    /** GET /entity: the user's entities (every entity for a platform administrator). */
    mine: (e: string | null) => [...family(e, 'entities'), 'mine'] as const,
  },
  serviceAccounts: {
    list: (e: string | null, body: ServiceAccountFilterRequest) =>
      [...family(e, 'service-accounts'), 'list', body] as const,
    detail: (e: string | null, uuid: string) => [...family(e, 'service-accounts'), 'detail', uuid] as const,
    keys: (e: string | null, uuid: string) => [...family(e, 'service-accounts'), 'keys', uuid] as const,
  },
  audit: (e: string | null, objectType: string, objectId: string) =>
    [...family(e, 'audit'), objectType, objectId] as const,
  catalogue: {
    apps: (e: string | null) => [...family(e, 'catalogue'), 'apps'] as const,
    actions: (e: string | null) => [...family(e, 'catalogue'), 'actions'] as const,
    resources: (e: string | null, appCode: string) =>
      [...family(e, 'catalogue'), 'resources', appCode] as const,
  },
}

/** The page size of every IAM list. */
export const IAM_PAGE_SIZE = 20

/** How many rows a full list loads at once (the users list's role filter, the sets list's parent names). */
export const ALL_LIMIT = 1000

/** How many matches a picker's search shows (the search calls answer at most 50). */
export const SEARCH_LIMIT = 20
