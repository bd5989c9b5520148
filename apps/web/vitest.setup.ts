import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { i18nReady, loadScreenStrings } from '@/lib/i18n'

// The app downloads its strings before it renders (main.tsx, the shell's route); tests render at once, so every
// English string is loaded before the first test.
await i18nReady
await loadScreenStrings()

afterEach(() => {
  cleanup()
})
