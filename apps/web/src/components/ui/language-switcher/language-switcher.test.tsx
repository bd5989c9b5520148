import '@/lib/i18n'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { LanguageSwitcher } from '@/components/ui/language-switcher/language-switcher'
import { getCookie, removeCookie } from '@/lib/cookies'
import { i18n, LANGUAGE_COOKIE, setLanguage } from '@/lib/i18n'

afterEach(async () => {
  await setLanguage('en')
  removeCookie(LANGUAGE_COOKIE)
})

describe('LanguageSwitcher', () => {
  it('is a labelled select offering the four languages, English first', () => {
    render(<LanguageSwitcher />)
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect(select).toHaveValue('en')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      '中文',
      'Bahasa Melayu',
      'தமிழ்',
    ])
  })

  it('switches the language, relabels itself and remembers the choice', async () => {
    render(<LanguageSwitcher />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ms')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bahasa' })).toHaveValue('ms'))
    expect(i18n.language).toBe('ms')
    expect(getCookie(LANGUAGE_COOKIE)).toBe('ms')
  })

  it('shows the chosen language while its strings are still on their way (a reload in Chinese)', async () => {
    // The cookie's language is set before its strings arrive: i18next resolves to the fallback meanwhile.
    await i18n.changeLanguage('ta')
    render(<LanguageSwitcher />)
    expect(screen.getByRole('combobox')).toHaveValue('ta')
  })

  it('can keep its label for screen readers only', () => {
    render(<LanguageSwitcher hideLabel />)
    expect(screen.getByText('Language')).toHaveClass('sr-only')
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
  })
})
