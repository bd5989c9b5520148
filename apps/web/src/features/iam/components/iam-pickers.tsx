import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePolicySearch } from '../api/policies'
import { useRoleSearch } from '../api/roles'
import { useSetSearch } from '../api/sets'
import type { SearchOption } from './search-select'
import { SearchSelect, useSettledQuery } from './search-select'
import { serverMessage } from '@/lib/server-messages'

/** What every IAM picker takes: its accessible name, the chosen id and its name, and the change. */
export interface PickerProps {
  label: string
  value: number | null
  valueLabel: string | undefined
  onChange: (option: SearchOption | null) => void
  disabled?: boolean
  invalid?: boolean
  className?: string
  placeholder?: string
  compact?: boolean
}

/** The typed text, the query it settles into, and whether the list is open (searching only then). */
function usePickerSearch() {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const query = useSettledQuery(text)
  return { text, setText, open, setOpen, query }
}

/** A role of the entity, by name (POST /iam/roles/search). */
export function RolePicker(props: PickerProps) {
  const { t } = useTranslation()
  const search = usePickerSearch()
  const roles = useRoleSearch(search.query, search.open)
  return (
    <SearchSelect
      {...props}
      text={search.text}
      onTextChange={search.setText}
      onOpenChange={search.setOpen}
      options={roles.data?.map((r) => ({ value: r.id, label: r.name }))}
      loading={roles.isFetching}
      errorMessage={roles.error ? serverMessage(roles.error) : undefined}
      placeholder={props.placeholder ?? t('iamScreens.grants.chooseRole')}
    />
  )
}

/** A policy, preset or the entity's own, by name (POST /iam/policies/search); custom ones listed first. */
export function PolicySearchPicker(props: PickerProps & { exclude?: readonly number[] }) {
  const { t } = useTranslation()
  const search = usePickerSearch()
  const policies = usePolicySearch(search.query, search.open)
  const group = (type: string) =>
    type === 'preset' ? t('iamScreens.policyType.preset') : t('iamScreens.policyType.custom')
  const options = policies.data
    ?.filter((p) => !(props.exclude ?? []).includes(p.id))
    .map((p) => ({ value: p.id, label: p.name, group: group(p.type), preset: p.type === 'preset' }))
    .sort((a, b) => Number(a.preset) - Number(b.preset))
    .map(({ preset: _preset, ...option }) => option)
  return (
    <SearchSelect
      {...props}
      text={search.text}
      onTextChange={search.setText}
      onOpenChange={search.setOpen}
      options={options}
      loading={policies.isFetching}
      errorMessage={policies.error ? serverMessage(policies.error) : undefined}
      placeholder={props.placeholder ?? t('iamScreens.grants.choosePolicy')}
    />
  )
}

/** A set of the entity, by name or code (POST /iam/sets/search); `noneLabel` offers "no set" first. */
export function SetPicker(props: PickerProps & { noneLabel: string; exclude?: readonly number[] }) {
  const search = usePickerSearch()
  const sets = useSetSearch(search.query, search.open)
  return (
    <SearchSelect
      {...props}
      text={search.text}
      onTextChange={search.setText}
      onOpenChange={search.setOpen}
      options={sets.data
        ?.filter((s) => !(props.exclude ?? []).includes(s.id))
        .map((s) => ({ value: s.id, label: s.name, hint: s.code }))}
      loading={sets.isFetching}
      errorMessage={sets.error ? serverMessage(sets.error) : undefined}
    />
  )
}
