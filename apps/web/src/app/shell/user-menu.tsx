import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { DefaultImage } from '@/components/ui/default-image/default-image'
import { usePopover } from '@/components/ui/popover/use-popover'
import { logout, useSession } from '@/lib/session/session-store'
import { useMyEntities } from '@/lib/session/use-my-entities'

// The focused item is outlined, not only tinted: a slate-50 tint on white is too faint to find (WCAG 2.4.7, 1.4.11).
const itemClass =
  'block w-full px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600'

/**
 * The user item of the top bar (A §2): first word of the name, the username, the image; a hover menu, which Enter,
 * Space and the arrows open from the keyboard (docs/decisions/0085-keyboard.md).
 */
export function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user, entity } = useSession()
  const myEntities = useMyEntities()
  // The shortcut only makes sense when there is somewhere else to go.
  const canSwitch = (myEntities.data?.length ?? 0) > 1
  const { open, setOpen, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } =
    usePopover({
      placement: 'bottom-end',
      gap: 4,
      role: 'menu',
      hover: true,
    })
  if (!user) return null
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.username

  const signOut = async () => {
    setOpen(false)
    await logout()
    // The origin (A §4); the guard then shows the login page.
    await navigate('/', { replace: true })
  }

  return (
    <>
      <button
        ref={setReference}
        type="button"
        className="flex items-center gap-2.5 rounded-md px-2 py-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        {...getReferenceProps()}
      >
        {/* Named by its content, so the name holds the words shown (WCAG 2.5.3); the picture repeats the name. */}
        <DefaultImage name={user.name} src={user.image_url ?? undefined} size="sm" alt="" />
        <span className="hidden flex-col leading-tight sm:flex">
          <span className="text-sm font-semibold text-slate-900">{firstName}</span>
          <span className="text-xs text-slate-500">{user.username}</span>
        </span>
        <span className="sr-only">{t('shell.userMenu', { name: user.name })}</span>
      </button>
      {open && (
        <div
          ref={setFloating}
          style={floatingStyles}
          className="z-40 w-60 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          {...getFloatingProps()}
        >
          {entity && (
            <div className="border-b border-slate-100 px-3 pt-1.5 pb-2.5">
              <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">
                {t('teams.signedInTo')}
              </p>
              <p className="line-clamp-2 text-sm font-semibold break-words text-slate-900">{entity.name}</p>
              {canSwitch && (
                <Link
                  role="menuitem"
                  to="/my-teams"
                  onClick={() => setOpen(false)}
                  className="mt-1 inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <svg
                    viewBox="0 0 20 20"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={1.6}
                    className="size-3.5"
                    aria-hidden="true"
                  >
                    <path d="M4 7h11l-3-3M16 13H5l3 3" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {t('teams.switchOrganisation')}
                </Link>
              )}
            </div>
          )}
          <div className="py-1">
            <Link
              role="menuitem"
              to={`/iam/users/${user.user_uuid}`}
              onClick={() => setOpen(false)}
              className={itemClass}
            >
              {t('shell.viewProfile')}
            </Link>
            <Link role="menuitem" to="/my-teams" onClick={() => setOpen(false)} className={itemClass}>
              {t('teams.myTeams')}
            </Link>
          </div>
          <div className="border-t border-slate-100 pt-1">
            <button role="menuitem" type="button" onClick={() => void signOut()} className={itemClass}>
              {t('shell.logout')}
            </button>
          </div>
        </div>
      )}
    </>
  )
}
