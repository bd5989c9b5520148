import type { Programme } from '@portal/contract'

/*
 * Where each programme's screens live (A §2): medicord has a group route (/medicord/group/{uuid}); covid shows a
 * group on its overview (/covid?group={uuid}). /medicord/{uuid} and /covid/{uuid} are a person's record.
 */

export function isProgramme(value: string): value is Programme {
  return value === 'covid' || value === 'medicord'
}

export function programmePath(programme: string): string {
  return programme === 'covid' ? '/covid' : '/medicord'
}

export function groupPath(programme: string, uuid: string): string {
  return programme === 'covid'
    ? `/covid?group=${encodeURIComponent(uuid)}`
    : `/medicord/group/${encodeURIComponent(uuid)}`
}

export function personPath(programme: string, uuid: string): string {
  return `${programmePath(programme)}/${encodeURIComponent(uuid)}`
}

export function submitPath(group?: string, person?: string): string {
  const params = new URLSearchParams()
  if (group) params.set('group', group)
  if (person) params.set('person', person)
  const qs = params.toString()
  return `/supervisor-submit-test${qs ? `?${qs}` : ''}`
}
