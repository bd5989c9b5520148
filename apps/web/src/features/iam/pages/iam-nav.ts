import { useOutletContext } from 'react-router'

export const IAM_TABS = ['users', 'service-accounts', 'roles', 'policies', 'sets', 'entities'] as const
export type IamTab = (typeof IAM_TABS)[number]

export function isIamTab(value: unknown): value is IamTab {
  return IAM_TABS.some((tab) => tab === value)
}

/** The list of a tab as a fresh address: /iam for users (the default tab), /iam?tab=roles for the others. */
export function tabHref(tab: IamTab): string {
  return tab === 'users' ? '/iam' : `/iam?tab=${tab}`
}

/** What the IAM layout gives its detail pages. */
export interface IamOutletContext {
  /** The list a detail page goes back to: the kept list (with its search and page) when it shows this tab. */
  listHref: (tab: IamTab) => string
}

/** The way back from a detail page to its list, keeping the list as it was left. */
export function useListHref(tab: IamTab): string {
  const context = useOutletContext<IamOutletContext | undefined>()
  return context?.listHref(tab) ?? tabHref(tab)
}
