import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TermsText } from './terms-text'

describe('TermsText', () => {
  it('renders the Markdown subset as headings, paragraphs, lists and emphasis', () => {
    const { container } = render(
      <TermsText
        source={
          '# Consent\n\nYou agree to **weekly** tests and *honest* answers.\n\n- one\n- two\n\n1. first'
        }
      />,
    )
    expect(screen.getByRole('heading', { name: 'Consent' })).toBeInTheDocument()
    expect(container.querySelector('strong')).toHaveTextContent('weekly')
    expect(container.querySelector('em')).toHaveTextContent('honest')
    expect(container.querySelectorAll('ul > li')).toHaveLength(2)
    expect(container.querySelectorAll('ol > li')).toHaveLength(1)
  })

  it('shows markup typed into the terms as text, never as HTML', () => {
    const { container } = render(
      <TermsText source={'<img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold?</b>'} />,
    )
    expect(container.querySelector('img, script, b')).toBeNull()
    expect(container).toHaveTextContent(
      '<img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold?</b>',
    )
  })
})
