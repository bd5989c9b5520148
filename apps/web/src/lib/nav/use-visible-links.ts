import type { NavLink } from '@portal/contract'
import { NAV_LINKS, visibleLinks } from '@portal/contract'
import { usePolicies } from '@/lib/policy/use-policies'
import { useSession } from '@/lib/session/session-store'

const POLICIES = NAV_LINKS.flatMap((l) => (l.policy ? [l.policy] : []))

/** The navigation links the current entity and user may see (A §2). */
export function useVisibleLinks(): NavLink[] {
  const { entity } = useSession()
  const policyState = usePolicies(POLICIES)
  return visibleLinks(entity, policyState)
}
