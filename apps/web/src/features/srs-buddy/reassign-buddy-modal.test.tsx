import type { SrsBuddyDetail } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { ReassignBuddyModal } from './reassign-buddy-modal'

const RECORD: SrsBuddyDetail = {
  uuid: 'rec-0001',
  reference: 'SRS-000001',
  person: { name: 'Alice Tan', dial_code: '65', mobile_number: '91110001', national_id_last_four: '001A' },
  buddy: { name: 'Bob Lim', dial_code: '65', mobile_number: '91110002', national_id_last_four: '002B' },
  site: 'Tuas South Dormitory',
  interval_days: 3,
  status: 'active',
  compliance: 'Compliant',
  last_test_at: null,
  last_result: null,
  next_due_at: 0,
  tests_30d: 0,
  enrolled_at: 0,
  updated_at: 0,
  tests_total: 0,
  events: [],
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

function renderModal(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ReassignBuddyModal record={RECORD} open onClose={onClose} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return onClose
}

async function fill(user: ReturnType<typeof userEvent.setup>, mobile: string) {
  await user.type(screen.getByLabelText('Buddy’s full name'), 'Nadia Rahman')
  await user.type(screen.getByLabelText('Mobile number'), mobile)
  await user.type(screen.getByLabelText('National ID (last 4)'), '321z')
  await user.type(screen.getByLabelText('Reason'), 'Bob moved to the night shift')
}

beforeEach(() => {
  resetSessionForTests()
  queryClient.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('ReassignBuddyModal', { timeout: 20_000 }, () => {
  it('checks each field before sending, including that the buddy is not the person', async () => {
    const sent = mockFetch({ status: 200, body: {} })
    const user = userEvent.setup({ delay: null })
    renderModal()
    await user.click(screen.getByRole('button', { name: 'Reassign' }))
    expect(screen.getByText('Enter the buddy’s full name')).toBeInTheDocument()
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true')
    await fill(user, '91110001')
    await user.click(screen.getByRole('button', { name: 'Reassign' }))
    expect(screen.getByText('The buddy cannot be the person themselves')).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it('sends the new buddy and shows the server’s refusal beside its field', async () => {
    const sent = mockFetch({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'body.mobile_number: This is already the buddy of this record',
          issues: [{ path: 'body.mobile_number', message: 'This is already the buddy of this record' }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    const onClose = renderModal()
    await fill(user, '98887777')
    await user.click(screen.getByRole('button', { name: 'Reassign' }))
    expect(await screen.findByText('This is already the buddy of this record')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      body: {
        name: 'Nadia Rahman',
        dial_code: '65',
        mobile_number: '98887777',
        national_id_last_four: '321Z',
        reason: 'Bob moved to the night shift',
      },
    })
    expect(sent[0]?.url).toMatch(/\/srs\/buddies\/rec-0001\/buddy$/)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('closes and confirms once the buddy is changed', async () => {
    mockFetch({
      status: 200,
      body: {
        data: {
          buddy: { ...RECORD, buddy: { ...RECORD.person, name: 'Nadia Rahman', mobile_number: '98887777' } },
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    const onClose = renderModal()
    await fill(user, '98887777')
    await user.click(screen.getByRole('button', { name: 'Reassign' }))
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(await screen.findByText('Nadia Rahman now witnesses Alice Tan’s swabs.')).toBeInTheDocument()
  })
})
