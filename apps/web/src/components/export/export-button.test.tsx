import type { ExportJob } from '@portal/contract'
import { MemoryRouter } from 'react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { ExportButton } from './export-button'

const UUID = '0b7f3c2e-1f0a-4c1e-9a39-3c6f1d1b2a10'

function job(over: Partial<ExportJob>): ExportJob {
  return {
    uuid: UUID,
    source: 'machines',
    source_title: 'Machines',
    format: 'csv',
    filters: { active_filter: 1 },
    status: 1,
    row_count: null,
    progress: 0,
    file_name: null,
    file_size: null,
    error_message: null,
    requested_by: { user_uuid: 'u-1', name: 'Vera Tan' },
    created_at: 1,
    started_at: null,
    finished_at: null,
    download_path: null,
    ...over,
  }
}

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/** A server whose job goes through the given states, one per poll. */
function mockServer(states: ExportJob[]) {
  const requests: { url: string; body: unknown }[] = []
  let polls = 0
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input)
    requests.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
    if (url.endsWith('/exports') && init?.method === 'POST') return json({ data: { export_job: job({}) } })
    if (url.endsWith(`/exports/${UUID}/download`)) return Promise.resolve(new Response('a,b\r\n1,2\r\n'))
    if (url.endsWith(`/exports/${UUID}`)) {
      const state = states[Math.min(polls++, states.length - 1)]
      return json({ data: { export_job: state } })
    }
    return Promise.resolve(new Response('{}', { status: 404 }))
  })
  return { spy, requests }
}

function renderButton() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ToastProvider>
          <ExportButton source="machines" filters={{ active_filter: 1 }} />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('ExportButton', () => {
  beforeEach(() => {
    queryClient.clear()
    resetSessionForTests({ status: 'authenticated', isLoggedIn: true, token: 't', entityCode: 'VEND' })
    URL.createObjectURL = vi.fn(() => 'blob:export')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
    queryClient.clear()
  })

  it('requests the export with the filters, shows progress, then a toast with a Download action', async () => {
    const server = mockServer([
      job({ progress: 1500 }),
      job({ status: 2, row_count: 2000, progress: 2000, file_name: 'machines-20261123-0400.csv' }),
    ])
    const user = userEvent.setup()
    renderButton()
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await user.click(screen.getByRole('menuitem', { name: /CSV/ }))
    expect(server.requests.find((r) => r.url.endsWith('/exports'))?.body).toEqual({
      source: 'machines',
      format: 'csv',
      filters: { active_filter: 1 },
    })
    expect(
      await screen.findByRole('button', { name: /Exporting · 1,500 rows/ }, { timeout: 3000 }),
    ).toBeDisabled()
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    const ready = await within(toasts).findByRole('listitem', { name: 'Export ready' }, { timeout: 4000 })
    expect(ready).toHaveTextContent('Machines (CSV): 2,000 rows.')
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await user.click(within(ready).getByRole('button', { name: 'Download' }))
    await vi.waitFor(() => expect(click).toHaveBeenCalled())
    expect(server.requests.some((r) => r.url.endsWith(`/exports/${UUID}/download`))).toBe(true)
    expect(within(toasts).queryByRole('listitem', { name: 'Export ready' })).toBeNull()
  })

  it('shows the reason in an error toast when the export fails', async () => {
    mockServer([job({ status: 3, error_message: 'The list could not be read' })])
    const user = userEvent.setup()
    renderButton()
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await user.click(screen.getByRole('menuitem', { name: /Excel/ }))
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    const failed = await within(toasts).findByRole('listitem', { name: 'Export failed' }, { timeout: 4000 })
    expect(failed).toHaveTextContent('The export could not be written due to: The list could not be read')
  })
})
