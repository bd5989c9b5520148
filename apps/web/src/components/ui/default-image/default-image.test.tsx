import '@/lib/i18n'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DefaultImage } from '@/components/ui/default-image/default-image'

describe('DefaultImage', () => {
  it('shows the picture, described by the name', () => {
    render(<DefaultImage name="Ada Lovelace" src="/ada.png" />)
    const image = screen.getByRole('img', { name: 'Ada Lovelace' })
    expect(image.tagName).toBe('IMG')
    expect(image).toHaveAttribute('src', '/ada.png')
  })

  it('shows the initials of up to two words without a picture', () => {
    render(<DefaultImage name="ada  byron lovelace" />)
    const image = screen.getByRole('img', { name: 'ada byron lovelace' })
    expect(image.tagName).toBe('SPAN')
    expect(image).toHaveTextContent(/^AB$/)
  })

  it('shows an empty-picture placeholder with neither a picture nor a name', () => {
    render(<DefaultImage />)
    const image = screen.getByRole('img', { name: 'No picture' })
    expect(image).toHaveTextContent('')
    expect(screen.getByTestId('default-image-placeholder')).toBeInTheDocument()
  })

  it('falls back to the initials when the picture fails to load, and tries a new address', () => {
    const { rerender } = render(<DefaultImage name="Vending Co" src="/broken.png" />)
    fireEvent.error(screen.getByRole('img', { name: 'Vending Co' }))
    expect(screen.getByRole('img', { name: 'Vending Co' })).toHaveTextContent(/^VC$/)
    expect(document.querySelector('img')).toBeNull()

    rerender(<DefaultImage name="Vending Co" src="/logo.png" />)
    expect(screen.getByRole('img', { name: 'Vending Co' })).toHaveAttribute('src', '/logo.png')
  })

  it('falls back to the placeholder when a nameless picture fails', () => {
    render(<DefaultImage src="/broken.png" />)
    fireEvent.error(screen.getByRole('img', { name: 'No picture' }))
    expect(screen.getByTestId('default-image-placeholder')).toBeInTheDocument()
  })

  it('hides a decorative picture (an empty alternative text) instead of showing an image without a name', () => {
    const { container } = render(<DefaultImage name="Ada Lovelace" alt="" />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
    expect(container.firstElementChild).toHaveTextContent(/^AL$/)
  })

  it('takes an explicit alternative text', () => {
    render(<DefaultImage name="Acme" alt="Acme logo" src="/acme.png" shape="square" />)
    expect(screen.getByRole('img', { name: 'Acme logo' })).toBeInTheDocument()
  })
})
