/**
 * The query keys of the IAM screens, one root per entity and family. Lists, details and pickers of a family share
 * its root, so a mutation invalidates everything it may have changed with one call, through these functions
 * (never a retyped literal).
 */
export type IamFamily = 'users' | 'roles' | 'policies' | 'sets' | 'audit' | 'catalogue'

export const iamKeys = {
  all: (entityCode: string | null) => ['iam', entityCode] as const,
  family: (entityCode: string | null, family: IamFamily) => ['iam', entityCode, family] as const,
}

/** The page size of every IAM list. */
export const IAM_PAGE_SIZE = 20

/** How many rows a picker loads at once (roles, policies and sets of one entity are few). */
export const PICKER_LIMIT = 1000
