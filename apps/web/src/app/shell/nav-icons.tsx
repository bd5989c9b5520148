import type { ReactElement } from 'react'

// Line icons for the navigation, 24×24 and drawn with the current colour. The contract names an icon per link;
// an unknown name falls back to a dot so a new link never breaks the menu.
const PATHS: Record<string, string> = {
  badge: 'M9 4h6v3H9zM5 7h14v13H5zM9 12h6M9 16h4',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
  box: 'M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7M12 11v10',
  car: 'M5 16v3M19 16v3M3 16h18v-4l-2-5H5l-2 5zM7 13h.01M17 13h.01',
  cart: 'M3 4h2l2.4 11h11.2L21 7H6M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  credit: 'M3 6h18v12H3zM3 10h18M7 15h3',
  device: 'M8 2h8v20H8zM11 18h2',
  form: 'M6 2h9l4 4v16H6zM14 2v5h5M9 12h7M9 16h7',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3',
  leaf: 'M5 21c0-9 5-15 16-16-1 11-7 16-16 16zM5 21l8-8',
  machine: 'M5 2h14v20H5zM8 5h8v8H8zM15 16h1M8 19h8',
  medical: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  pin: 'M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  plus: 'M12 5v14M5 12h14',
  price: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  receipt: 'M5 2h14v20l-3-2-2 2-2-2-2 2-2-2-3 2zM9 7h6M9 11h6M9 15h4',
  shield: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z',
  tag: 'M3 12V3h9l9 9-9 9zM7.5 7.5h.01',
  users:
    'M16 20v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 20v-2a4 4 0 0 0-3-3.9M16 2.1a4 4 0 0 1 0 7.8',
  wallet: 'M3 7h16v13H3zM3 7l12-4v4M16 13h.01',
  wrench: 'M14.7 6.3a4 4 0 0 0 5 5L22 14l-8 8-2.3-2.3a4 4 0 0 0-5-5L2 10l8-8z',
  home: 'M3 11l9-8 9 8v10h-6v-6H9v6H3z',
}

export function NavIcon({ name, className }: { name: string; className?: string }): ReactElement {
  const d = PATHS[name]
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className ?? 'size-5 shrink-0'}
    >
      {d ? <path d={d} /> : <circle cx="12" cy="12" r="2" />}
    </svg>
  )
}
