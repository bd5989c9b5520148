import type { Location } from 'react-router'
import type { ReactNode } from 'react'
import { Activity, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router'
import type { IamOutletContext, IamTab } from './iam-nav'
import { isIamTab, tabHref } from './iam-nav'
import { IamSection } from './iam-section'

/**
 * Shows its children as if the address were `location`. The kept list reads its filters and page from the URL
 * (useListState); while a detail page is open the real URL is the detail's, so the hidden list is given the
 * address it was left at and neither resets nor refetches. React Router's public `<Routes location>` would do the
 * same but warns when nested under a route without a trailing `*`, and the IAM paths are fixed by the spec.
 */
function AtLocation({ location, children }: { location: Location; children: ReactNode }) {
  const navigationType = useNavigationType()
  const value = useMemo(() => ({ location, navigationType }), [location, navigationType])
  return <UNSAFE_LocationContext value={value}>{children}</UNSAFE_LocationContext>
}

/**
 * /iam and its detail routes (A §2: "The IAM page stays alive (its state kept) while the path includes /iam"). The
 * list section mounts on the first visit of /iam and then stays mounted, hidden, while a user, role, policy or set
 * is open below it, so going back finds the list as it was: tab, search text (even half-typed), filters, page and
 * scroll position. A detail opened directly does not load the lists at all (a user without read on users can open
 * their own profile).
 */
export function IamLayout() {
  const location = useLocation()
  const [listLocation, setListLocation] = useState<Location | null>(null)
  const context = useMemo<IamOutletContext>(
    () => ({
      listHref: (tab: IamTab) => {
        if (listLocation === null) return tabHref(tab)
        const shown = new URLSearchParams(listLocation.search).get('tab') ?? 'users'
        return (isIamTab(shown) ? shown : 'users') === tab
          ? `${listLocation.pathname}${listLocation.search}`
          : tabHref(tab)
      },
    }),
    [listLocation],
  )
  const outlet = useOutlet(context)
  const onList = outlet === null
  // Remember the list's address while it shows (state adjusted during render, as React recommends for derived state).
  if (onList && listLocation !== location) setListLocation(location)

  // The window's scroll position on the list, kept while a detail page scrolls on its own.
  const listScroll = useRef(0)
  const listShown = useRef(onList)
  useEffect(() => {
    const onScroll = () => {
      if (listShown.current) listScroll.current = window.scrollY
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  // The router's scroll-to-top is off under /iam (see router.tsx): a detail opens at the top, the list where it was.
  useLayoutEffect(() => {
    listShown.current = onList
    window.scrollTo(0, onList ? listScroll.current : 0)
  }, [onList, location.pathname])

  const kept = onList ? location : listLocation
  return (
    <>
      {kept !== null && (
        // Hidden, the list keeps its state but runs no effects: a search still being typed is not committed (and
        // navigated to) from under the detail page; it is when the list shows again.
        <Activity mode={onList ? 'visible' : 'hidden'}>
          <div data-testid="iam-list-section">
            <AtLocation location={kept}>
              <IamSection />
            </AtLocation>
          </div>
        </Activity>
      )}
      {outlet}
    </>
  )
}
