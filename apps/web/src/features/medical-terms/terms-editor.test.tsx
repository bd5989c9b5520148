import type { MedicalTermsDetail } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { dateInputValue, TermsEditor, termsRequestOf } from './terms-editor'

const DRAFT: MedicalTermsDetail = {
  uuid: 'draft-0001',
  version: 4,
  title: 'Screening terms',
  status: 'draft',
  effective_at: new Date(2027, 0, 15).getTime(),
  created_at: 0,
  updated_at: 0,
  updated_by: 'Mei Ling Wong',
  published_at: null,
  retired_at: null,
  acceptance_count: 0,
  body: 'You agree to a weekly test and to share the result.',
}

function mockFetch(answer: { status: number; body: unknown }) {
  const sent: { method: string; url: string; body: unknown }[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    sent.push({
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    })
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    )
  })
  return sent
}

function renderEditor(draft: MedicalTermsDetail | null, onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <TermsEditor
          draft={draft}
          initial={
            draft
              ? { title: draft.title, body: draft.body, effective: dateInputValue(draft.effective_at) }
              : { title: '', body: '', effective: '' }
          }
          onClose={vi.fn()}
          onSaved={onSaved}
        />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return onSaved
}

beforeEach(() => {
  resetSessionForTests()
  queryClient.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('termsRequestOf and dateInputValue', () => {
  it('round-trips a local date', () => {
    const ms = new Date(2026, 11, 31).getTime()
    expect(dateInputValue(ms)).toBe('2026-12-31')
    expect(termsRequestOf({ title: 't', body: 'b', effective: '2026-12-31' }).effective_at).toBe(ms)
  })
  it('leaves a blank date out, for the schema to name', () => {
    expect(termsRequestOf({ title: 't', body: 'b', effective: '' }).effective_at).toBeUndefined()
  })
})

describe('TermsEditor', { timeout: 20_000 }, () => {
  it('names every missing field and sends nothing', async () => {
    const sent = mockFetch({ status: 200, body: {} })
    const user = userEvent.setup({ delay: null })
    renderEditor(null)
    await user.click(screen.getByRole('button', { name: 'Create draft' }))
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Enter a title of at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('Enter the terms (at least 20 characters)')).toBeInTheDocument()
    expect(screen.getByText('Choose the date the terms take effect')).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it('previews the text as it will be read', async () => {
    mockFetch({ status: 200, body: {} })
    const user = userEvent.setup({ delay: null })
    renderEditor(DRAFT)
    await user.clear(screen.getByLabelText('Terms'))
    await user.type(screen.getByLabelText('Terms'), '## Your choices{enter}You may **withdraw** at any time.')
    await user.click(screen.getByRole('tab', { name: 'Preview' }))
    expect(screen.getByRole('heading', { name: 'Your choices' })).toBeInTheDocument()
    expect(screen.getByText('withdraw').tagName).toBe('STRONG')
  })

  it('saves a draft with PUT and shows the server’s refusal beside its field', async () => {
    const sent = mockFetch({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'body.title: Keep the title under 200 characters',
          issues: [{ path: 'body.title', message: 'Keep the title under 200 characters' }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    const onSaved = renderEditor(DRAFT)
    await user.clear(screen.getByLabelText('Title'))
    await user.type(screen.getByLabelText('Title'), 'Screening terms 2027')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Keep the title under 200 characters')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      body: { title: 'Screening terms 2027', body: DRAFT.body, effective_at: DRAFT.effective_at },
    })
    expect(sent[0]?.url).toMatch(/\/health\/medical-terms\/draft-0001$/)
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('creates a new draft with POST and reports it', async () => {
    const sent = mockFetch({
      status: 200,
      body: { data: { terms: { ...DRAFT, uuid: 'new-0001', version: 5 } } },
    })
    const user = userEvent.setup({ delay: null })
    const onSaved = renderEditor(null)
    await user.type(screen.getByLabelText('Title'), 'Consent 2027')
    await user.type(screen.getByLabelText('Terms'), 'You agree to be tested every week.')
    await user.type(screen.getByLabelText('Effective date'), '2027-02-01')
    await user.click(screen.getByRole('button', { name: 'Create draft' }))
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('new-0001'))
    expect(sent[0]).toMatchObject({ method: 'POST', body: { effective_at: new Date(2027, 1, 1).getTime() } })
    expect(await screen.findByText('Draft created')).toBeInTheDocument()
  })
})
