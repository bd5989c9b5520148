import { navToneOf } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { cn } from '@/components/ui/cn'
import { useVisibleLinks } from '@/lib/nav/use-visible-links'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { NavIcon } from './nav-icons'

// The navigation's colour tells environments apart at a glance (A §2): development blue, UAT gray, else teal.
const TONES = {
  blue: {
    panel: 'bg-blue-950',
    item: 'text-blue-100 hover:bg-blue-900',
    active: 'bg-blue-700 text-white',
    muted: 'text-blue-300',
  },
  gray: {
    panel: 'bg-slate-800',
    item: 'text-slate-200 hover:bg-slate-700',
    active: 'bg-slate-600 text-white',
    muted: 'text-slate-400',
  },
  teal: {
    panel: 'bg-teal-950',
    item: 'text-teal-100 hover:bg-teal-900',
    active: 'bg-teal-700 text-white',
    muted: 'text-teal-300',
  },
} as const

/** The navigation panel's background for the current environment. */
export function navPanelClass(): string {
  return TONES[navToneOf(getRuntimeConfig().portal_env)].panel
}

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  const links = useVisibleLinks()
  const env = getRuntimeConfig().portal_env
  const tone = TONES[navToneOf(env)]
  return (
    <div className={cn('flex h-full flex-col', tone.panel)} data-env={env}>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-0.5">
          {links.map((link) => (
            <li key={link.path}>
              <NavLink
                to={link.path}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
                    isActive ? tone.active : tone.item,
                  )
                }
              >
                <NavIcon name={link.icon} />
                <span className="truncate">{t(`nav.${link.path}`, { defaultValue: link.title })}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {env !== 'prod' && (
        <p className={cn('px-5 py-3 text-[11px] font-semibold tracking-widest uppercase', tone.muted)}>
          {t('shell.environment', { env })}
        </p>
      )}
    </div>
  )
}
