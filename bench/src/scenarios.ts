import type { MachineFilterRequest } from '@portal/contract'

export interface Scenario {
  key: string
  label: string
  body: MachineFilterRequest
}

/** The four requests of the issue; the deep page stays inside the data when --machines is small. */
export function scenarios(machines: number): Scenario[] {
  const deep = Math.min(50_000, Math.floor(machines / 2))
  return [
    { key: 'first-page', label: 'first page', body: { limit: 20, offset: 0, active_filter: 0 } },
    {
      key: 'error-shortcut',
      label: 'error shortcut',
      body: { limit: 20, offset: 0, overall_status_list: [4], reader_manager_status_list: [4] },
    },
    { key: 'deep-page', label: `deep page ${deep}`, body: { limit: 20, offset: deep } },
    { key: 'search', label: "search 'nus'", body: { limit: 20, offset: 0, search_value: 'nus' } },
  ]
}
