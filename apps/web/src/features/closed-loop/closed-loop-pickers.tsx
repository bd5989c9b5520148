import type {
  EmployeeBalanceType,
  EmployeeFilterData,
  EmployeeFilterRequest,
  PersonFilterData,
  PersonFilterRequest,
} from '@portal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListState } from '@/components/data-table/list-state'
import { useSession } from '@/lib/session/session-store'
import { closedLoopKeys } from './api/closed-loop-keys'
import { filterEmployees } from './api/filter-employees'
import { filterPersons } from './api/filter-persons'
import { EMPLOYEE_KEY, PERSON_KEY, uuidsOf } from './closed-loop-filters'
import type { PickOption } from './uuid-picker'
import { UuidPicker, useSettledText } from './uuid-picker'
import { serverMessage } from '@/lib/server-messages'

/** How many matches a picker's search shows: enough to pick from, few enough to read. */
export const PICKER_MATCHES = 20

const personOptions = (data: PersonFilterData): PickOption[] =>
  data.persons.map((p) => ({
    value: p.person_uuid,
    label: p.name,
    hint: [p.username, p.hospital_code].filter((v) => v !== '').join(' · '),
  }))

const employeeOptions = (data: EmployeeFilterData): PickOption[] =>
  data.employees.map((e) => ({
    value: e.employee_uuid,
    label: e.name,
    hint: [e.redemption_code, e.hospital_code].filter((v) => v !== '').join(' · '),
  }))

/**
 * The searches of a picker: the list call asked for a few matches of the settled text (in every people field of
 * B §3), only while the panel is open; and the chosen uuids asked by their list filter, for their names.
 */
function usePickerQueries<Body, Data>(o: {
  text: string
  open: boolean
  selected: readonly string[]
  searchBody: (text: string) => Body
  chosenBody: (uuids: string[]) => Body
  key: (entityCode: string | null, body: Body) => readonly unknown[]
  fetch: (body: Body, signal: AbortSignal) => Promise<Data>
  options: (data: Data) => PickOption[]
}) {
  const { entityCode } = useSession()
  const settled = useSettledText(o.text)
  const searchBody = o.searchBody(settled)
  const search = useQuery({
    queryKey: o.key(entityCode, searchBody),
    queryFn: ({ signal }) => o.fetch(searchBody, signal),
    select: o.options,
    enabled: o.open && settled !== '',
    placeholderData: keepPreviousData,
  })
  const chosenBody = o.chosenBody([...o.selected])
  const chosen = useQuery({
    queryKey: o.key(entityCode, chosenBody),
    queryFn: ({ signal }) => o.fetch(chosenBody, signal),
    select: o.options,
    enabled: o.selected.length > 0,
    placeholderData: keepPreviousData,
  })
  const typing = o.text.trim() !== '' && o.text.trim() !== settled
  return {
    results: settled === '' ? undefined : search.data,
    loading: typing || (settled !== '' && search.isFetching && search.data === undefined),
    errorMessage: search.error ? serverMessage(search.error) : undefined,
    chosen: chosen.data ?? [],
  }
}

/** The Persons tab's person picker: `person_uuid_list`, the spec's own filter of that list (B §7). */
export function PersonPicker({ list }: { list: ListState }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const selected = uuidsOf(list, PERSON_KEY)
  const found = usePickerQueries<PersonFilterRequest, PersonFilterData>({
    text,
    open,
    selected,
    searchBody: (value) => ({ limit: PICKER_MATCHES, offset: 0, search_value: value }),
    chosenBody: (uuids) => ({ limit: Math.max(1, uuids.length), offset: 0, person_uuid_list: uuids }),
    key: closedLoopKeys.personOptions,
    fetch: filterPersons,
    options: personOptions,
  })
  return (
    <UuidPicker
      label={t('closedLoop.filter.persons')}
      searchLabel={t('closedLoop.picker.searchPersons')}
      selected={selected}
      onChange={(uuids) => list.setFilter(PERSON_KEY, uuids.join(','))}
      text={text}
      onTextChange={setText}
      onOpenChange={setOpen}
      {...found}
    />
  )
}

/** The Employees tab's employee picker (`employee_uuid_list`, B §7), searching the variant on screen. */
export function EmployeePicker({ list, variant }: { list: ListState; variant: EmployeeBalanceType }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const selected = uuidsOf(list, EMPLOYEE_KEY)
  const found = usePickerQueries<EmployeeFilterRequest, EmployeeFilterData>({
    text,
    open,
    selected,
    searchBody: (value) => ({
      filter: { limit: PICKER_MATCHES, offset: 0, balance_type: variant, search_value: value },
    }),
    chosenBody: (uuids) => ({
      filter: { limit: Math.max(1, uuids.length), offset: 0, employee_uuid_list: uuids },
    }),
    key: closedLoopKeys.employeeOptions,
    fetch: filterEmployees,
    options: employeeOptions,
  })
  return (
    <UuidPicker
      label={t('closedLoop.filter.employees')}
      searchLabel={t('closedLoop.picker.searchEmployees')}
      selected={selected}
      onChange={(uuids) => list.setFilter(EMPLOYEE_KEY, uuids.join(','))}
      text={text}
      onTextChange={setText}
      onOpenChange={setOpen}
      {...found}
    />
  )
}
