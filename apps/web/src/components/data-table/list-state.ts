import { useCallback, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

/** An option of a filter: its value as the API wants it, and its label. */
export interface FilterOption {
  value: string | number
  label: string
}

/**
 * The filters a list screen declares (as a module-level constant). Their state lives in the URL search params, so
 * a filtered list can be shared and survives a reload.
 */
export type FilterDef =
  | {
      kind: 'multi'
      key: string
      label: string
      options: readonly FilterOption[]
      clears?: readonly string[]
    }
  | {
      kind: 'select'
      key: string
      label: string
      options: readonly FilterOption[]
      defaultValue: string | number
    }
  | { kind: 'toggle'; key: string; label: string; clears?: readonly string[] }
  | { kind: 'search'; key: string; label: string; fieldKey?: string; fields?: readonly FilterOption[] }

export type FilterValue = (string | number)[] | string | number | boolean

export type SortDirection = 'asc' | 'desc'

/** The list's order: a sort key the screen's call takes (a column's `sort`) and its direction. */
export interface ListSort {
  key: string
  dir: SortDirection
}

export interface ListState {
  page: number
  /** The order chosen in a column header (URL `sort` and `order`), else the screen's default, else null. */
  sort: ListSort | null
  /** Orders by a key; the page goes back to 1. Setting the screen's default removes it from the URL. */
  setSort: (sort: ListSort | null) => void
  /** Multi filters: selected option values; select: the value; toggle: boolean; search: text (and its field). */
  values: Record<string, FilterValue>
  multi: (key: string) => (string | number)[]
  select: (key: string) => string | number
  toggle: (key: string) => boolean
  text: (key: string) => string
  setPage: (page: number) => void
  /** The page size chosen in the pager (URL `page_size`, one of LIST_PAGE_SIZES), else null: the screen's own. */
  pageSize: number | null
  /** Sets the page size (null: the screen's own); the page goes back to 1. */
  setPageSize: (size: number | null) => void
  /** Sets one filter; the page goes back to 1 (B §4) and the filters it clears are cleared. */
  setFilter: (key: string, value: FilterValue) => void
  /** Adds an option to a multi filter, or removes it when already selected (B §4). */
  toggleOption: (key: string, value: string | number) => void
  /** Every filter back to its default, page 1; optionally with some filters preset (a shortcut). */
  reset: (preset?: Record<string, FilterValue>) => void
  activeCount: number
}

/** The page sizes the pager offers, besides the screen's own (docs/decisions/0116-saved-views.md). */
export const LIST_PAGE_SIZES: readonly number[] = [10, 20, 25, 50, 100]

/** The URL keys of the page and the order; a prefix keeps two lists of one screen apart (`cpo_page`). */
function pagingParams(prefix: string | undefined) {
  const p = prefix === undefined || prefix === '' ? '' : `${prefix}_`
  return { PAGE: `${p}page`, SORT: `${p}sort`, ORDER: `${p}order`, PAGE_SIZE: `${p}page_size` }
}

export interface ListStateOptions {
  /** The order when the URL names none. */
  defaultSort?: ListSort | null
  /** The sort keys the list takes; another key in the URL falls back to the default. */
  sortKeys?: readonly string[]
  /**
   * Prefixes the page and order keys in the URL (`vehicles_page`), for a screen with more than one paged list (the
   * exchange's CPO and fleet-owner partners side by side). Filter keys are the screen's own and take no prefix.
   */
  paramPrefix?: string
}

function readSort(key: string | null, order: string | null, options: ListStateOptions): ListSort | null {
  const fallback = options.defaultSort ?? null
  if (key === null || key === '' || (options.sortKeys !== undefined && !options.sortKeys.includes(key)))
    return fallback
  return { key, dir: order === 'asc' || order === 'desc' ? order : 'asc' }
}

function optionValue(options: readonly FilterOption[], raw: string): string | number | undefined {
  return options.find((o) => String(o.value) === raw)?.value
}

function defaultOf(def: FilterDef): FilterValue {
  switch (def.kind) {
    case 'multi':
      return []
    case 'select':
      return def.defaultValue
    case 'toggle':
      return false
    case 'search':
      return ''
  }
}

function readValues(defs: readonly FilterDef[], params: URLSearchParams): Record<string, FilterValue> {
  const values: Record<string, FilterValue> = {}
  for (const def of defs) {
    const raw = params.get(def.key)
    if (def.kind === 'multi') {
      // Repeated keys (?status=4&status=1), read also when a hand-written URL joins them with commas.
      values[def.key] = params
        .getAll(def.key)
        .flatMap((v) => v.split(','))
        .filter((v) => v !== '')
        .map((v) => optionValue(def.options, v))
        .filter((v): v is string | number => v !== undefined)
    } else if (def.kind === 'select') {
      values[def.key] = raw === null ? def.defaultValue : (optionValue(def.options, raw) ?? def.defaultValue)
    } else if (def.kind === 'toggle') {
      values[def.key] = raw === '1'
    } else {
      values[def.key] = raw ?? ''
      if (def.fieldKey && def.fields) {
        const field = params.get(def.fieldKey)
        values[def.fieldKey] = field === null ? '' : (optionValue(def.fields, field) ?? '')
      }
    }
  }
  return values
}

function isDefault(def: FilterDef, value: FilterValue | undefined): boolean {
  if (value === undefined) return true
  if (Array.isArray(value)) return value.length === 0
  return value === defaultOf(def)
}

function writeValue(params: URLSearchParams, def: FilterDef | undefined, key: string, value: FilterValue) {
  if (def && isDefault(def, value)) {
    params.delete(key)
    return
  }
  if (Array.isArray(value)) {
    params.delete(key)
    for (const v of value) params.append(key, String(v))
  } else if (typeof value === 'boolean') {
    if (value) params.set(key, '1')
    else params.delete(key)
  } else if (value === '') params.delete(key)
  else params.set(key, String(value))
}

export function useListState(defs: readonly FilterDef[], options: ListStateOptions = {}): ListState {
  const [urlParams, setParams] = useSearchParams()
  // The router applies a search-param change asynchronously. Until it lands, the list reads its own copy, so a
  // checkbox does not flicker back and two quick clicks build on each other instead of the second undoing the first.
  const [pending, setPending] = useState<{ from: string; next: URLSearchParams } | null>(null)
  const urlKey = urlParams.toString()
  const params = pending !== null && pending.from === urlKey ? pending.next : urlParams
  const latest = useRef(params)
  latest.current = params
  const values = useMemo(() => readValues(defs, params), [defs, params])
  const { PAGE, SORT, ORDER, PAGE_SIZE } = pagingParams(options.paramPrefix)
  const page = Math.max(1, Number.parseInt(params.get(PAGE) ?? '1', 10) || 1)
  const sizeParam = Number.parseInt(params.get(PAGE_SIZE) ?? '', 10)
  const pageSize = LIST_PAGE_SIZES.includes(sizeParam) ? sizeParam : null
  const { defaultSort = null, sortKeys } = options
  const sortKey = params.get(SORT)
  const sortOrder = params.get(ORDER)
  const sort = useMemo(
    () => readSort(sortKey, sortOrder, { defaultSort, sortKeys }),
    // The default is usually a module constant; its fields keep the memo stable when it is written inline.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sortKey, sortOrder, defaultSort?.key, defaultSort?.dir, sortKeys],
  )

  const update = useCallback(
    (mutate: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current)
      mutate(next)
      latest.current = next
      setPending({ from: urlKey, next })
      setParams(next)
    },
    [setParams, urlKey],
  )

  const setFilter = useCallback(
    (key: string, value: FilterValue) => {
      update((next) => {
        const def = defs.find((d) => d.key === key)
        writeValue(next, def, key, value)
        const turnedOn = Array.isArray(value) ? value.length > 0 : value !== false && value !== ''
        const clears = def && (def.kind === 'multi' || def.kind === 'toggle') ? def.clears : undefined
        if (turnedOn) for (const cleared of clears ?? []) next.delete(cleared)
        next.delete(PAGE)
      })
    },
    [PAGE, defs, update],
  )

  const toggleOption = useCallback(
    (key: string, value: string | number) => {
      const current = readValues(defs, latest.current)[key]
      const list = Array.isArray(current) ? current : []
      setFilter(key, list.includes(value) ? list.filter((v) => v !== value) : [...list, value])
    },
    [defs, setFilter],
  )

  const reset = useCallback(
    (preset: Record<string, FilterValue> = {}) => {
      update((next) => {
        for (const def of defs) {
          next.delete(def.key)
          if (def.kind === 'search' && def.fieldKey) next.delete(def.fieldKey)
        }
        next.delete(PAGE)
        for (const [key, value] of Object.entries(preset))
          writeValue(
            next,
            defs.find((d) => d.key === key),
            key,
            value,
          )
      })
    },
    [PAGE, defs, update],
  )

  const setPage = useCallback(
    (n: number) => {
      update((next) => {
        if (n <= 1) next.delete(PAGE)
        else next.set(PAGE, String(n))
      })
    },
    [PAGE, update],
  )

  const setSort = useCallback(
    (next: ListSort | null) => {
      update((params) => {
        const isDefaultSort =
          next === null ? defaultSort === null : next.key === defaultSort?.key && next.dir === defaultSort.dir
        if (next === null || isDefaultSort) {
          params.delete(SORT)
          params.delete(ORDER)
        } else {
          params.set(SORT, next.key)
          params.set(ORDER, next.dir)
        }
        params.delete(PAGE)
      })
    },
    [ORDER, PAGE, SORT, defaultSort, update],
  )

  const setPageSize = useCallback(
    (size: number | null) => {
      update((next) => {
        if (size === null) next.delete(PAGE_SIZE)
        else next.set(PAGE_SIZE, String(size))
        next.delete(PAGE)
      })
    },
    [PAGE, PAGE_SIZE, update],
  )

  const activeCount = defs.filter((d) => !isDefault(d, values[d.key])).length

  return {
    page,
    sort,
    setSort,
    ...valueReaders(values),
    setPage,
    pageSize,
    setPageSize,
    setFilter,
    toggleOption,
    reset,
    activeCount,
  }
}

/** The typed readers of a list's filter values: what a screen's request builder reads them with. */
export function valueReaders(
  values: Record<string, FilterValue>,
): Pick<ListState, 'values' | 'multi' | 'select' | 'toggle' | 'text'> {
  return {
    values,
    multi: (key) => {
      const v = values[key]
      return Array.isArray(v) ? v : []
    },
    select: (key) => {
      const v = values[key]
      return typeof v === 'string' || typeof v === 'number' ? v : ''
    },
    toggle: (key) => values[key] === true,
    text: (key) => {
      const v = values[key]
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
    },
  }
}
