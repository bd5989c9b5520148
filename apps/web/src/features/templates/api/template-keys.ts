import type { TemplateFilterRequest } from '@portal/contract'

/** Every query key of the templates feature, defined once; saving and deleting invalidate `templateKeys.all`. */
export const templateKeys = {
  all: ['templates'] as const,
  list: (entityCode: string | null, body: TemplateFilterRequest) =>
    [...templateKeys.all, 'list', entityCode, body] as const,
  detail: (entityCode: string | null, uuid: string) =>
    [...templateKeys.all, 'detail', entityCode, uuid] as const,
}
