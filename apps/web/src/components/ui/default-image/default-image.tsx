import { initials } from '@portal/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { PictureIcon } from '@/components/ui/icons/icons'

export const DEFAULT_IMAGE_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const
export type DefaultImageSize = (typeof DEFAULT_IMAGE_SIZES)[number]

const sizeClasses: Record<DefaultImageSize, { box: string; text: string; icon: string }> = {
  xs: { box: 'size-6', text: 'text-[0.625rem]', icon: 'size-3.5' },
  sm: { box: 'size-8', text: 'text-xs', icon: 'size-4' },
  md: { box: 'size-10', text: 'text-sm', icon: 'size-5' },
  lg: { box: 'size-12', text: 'text-base', icon: 'size-6' },
  xl: { box: 'size-16', text: 'text-xl', icon: 'size-8' },
}

// Each name keeps the same colour everywhere, so a user or an entity is recognisable before the name is read.
const palette = [
  'bg-brand-100 text-brand-800',
  'bg-sky-100 text-sky-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-violet-100 text-violet-800',
  'bg-indigo-100 text-indigo-800',
] as const

function colourOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return palette[hash % palette.length] ?? palette[0]
}

export interface DefaultImageProps {
  /** Whose picture it is; gives the initials and the alternative text. */
  name?: string | null
  src?: string | null
  size?: DefaultImageSize
  /** 'square' suits logos, which are rarely round. */
  shape?: 'circle' | 'square'
  /** Overrides the alternative text (the name by default). */
  alt?: string
  className?: string
}

/** A picture of a user or an entity, falling back to initials, or an empty picture when there is no name. */
export function DefaultImage({
  name,
  src,
  size = 'md',
  shape = 'circle',
  alt,
  className,
}: DefaultImageProps) {
  const { t } = useTranslation()
  // Remembering which address failed (not just 'failed') lets a new src be tried without an effect.
  const [failedSrc, setFailedSrc] = useState<string>()
  const sizes = sizeClasses[size]
  const label = alt ?? (name?.trim() ? name.trim() : t('ui.noPicture'))
  const letters = initials(name)
  const rounding = shape === 'circle' ? 'rounded-full' : 'rounded-md'

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={label}
        onError={() => setFailedSrc(src)}
        className={cn(
          'shrink-0 bg-white ring-1 ring-slate-900/10',
          shape === 'circle' ? 'object-cover' : 'object-contain',
          rounding,
          sizes.box,
          className,
        )}
      />
    )
  }

  // An empty alternative text marks the picture as decorative (the name is written beside it): hidden from
  // assistive technology, as an <img alt=""> is, rather than an image without a name.
  const decorative = label === ''
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-semibold select-none',
        rounding,
        sizes.box,
        letters ? cn(colourOf(name ?? ''), sizes.text) : 'bg-slate-100 text-slate-400 ring-1 ring-slate-200',
        className,
      )}
    >
      {letters ? (
        <span aria-hidden="true">{letters}</span>
      ) : (
        <PictureIcon className={sizes.icon} data-testid="default-image-placeholder" />
      )}
    </span>
  )
}
