import type { AuthGroupConfig, TestGroup, TestPerson } from '@portal/contract'
import { emptyComplianceCounts } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { SupervisorSubmitTestPage } from './supervisor-submit-test-page'

const CREDENTIALS: AuthGroupConfig = {
  credentials: ['testID', 'nationalId'],
  image: { allowed: false, required: false },
  useTestKitLotNo: true,
  useTestKitID: false,
}
const FALLBACK: AuthGroupConfig = {
  credentials: [],
  image: { allowed: true, required: true },
  useTestKitLotNo: false,
  useTestKitID: false,
}

function group(uuid: string, name: string, authConfig: AuthGroupConfig): TestGroup {
  return {
    uuid,
    programme: 'medicord',
    name,
    siteRef: 'SITE-A',
    schedule: { periodDays: 7, testsPerPeriod: 1, dueDays: 3 },
    authConfig,
    memberCount: 1,
    period: { start: 0, due: 1, end: 2 },
    compliance: emptyComplianceCounts(),
    testsInPeriod: 0,
    lastTestAt: null,
  }
}
const GROUPS = [
  group('grp-cred-1', 'Credential Crew', CREDENTIALS),
  group('grp-fall-1', 'Fallback Team', FALLBACK),
]
const PERSON: TestPerson = {
  uuid: 'per-1',
  fullName: 'Alice Tan',
  dialCode: '65',
  mobileNumber: '+65 9123 4567',
  nationalIdLastFour: '567D',
  nationality: 'Singaporean',
  exempted: false,
  groupUuid: 'grp-cred-1',
  groupName: 'Credential Crew',
  programme: 'medicord',
  compliance: 'Pending',
  lastTest: null,
}

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

function mockServer(submission: { status: number; body: unknown }) {
  const posts: unknown[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input)
    const json = (body: unknown, status = 200) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      )
    if (url.endsWith('/groups/filter')) return json({ data: { groups: GROUPS, count: GROUPS.length } })
    const byUuid = /\/groups\/([\w-]+)$/.exec(url)
    if (byUuid) {
      const g = GROUPS.find((x) => x.uuid === byUuid[1])
      return json({ data: { group: g, sites: ['SITE-A', 'SITE-B'], testKitProviders: ['Abbott Panbio'] } })
    }
    if (url.endsWith('/people/filter')) return json({ data: { people: [PERSON], count: 1 } })
    if (url.endsWith('/testInstances') && init?.method === 'POST') {
      posts.push(typeof init.body === 'string' ? JSON.parse(init.body) : null)
      return json(submission.body, submission.status)
    }
    return json({ error: { code: 'NOT_FOUND', message: 'nope' } }, 404)
  })
  return posts
}

function renderPage(path: string) {
  const router = createMemoryRouter(
    [{ path: '/supervisor-submit-test', element: <SupervisorSubmitTestPage /> }],
    {
      initialEntries: [path],
    },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  resetSessionForTests()
  queryClient.clear()
})
afterEach(() => vi.restoreAllMocks())

// A whole form filled in through the DOM takes a few seconds on a busy machine.
describe('SupervisorSubmitTestPage', { timeout: 20_000 }, () => {
  it('asks for what the group configuration asks, sends only that, and shows a server refusal beside its field', async () => {
    const posts = mockServer({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: "body.credentials.nationalId: This does not match the person's national ID",
          issues: [
            { path: 'body.credentials.nationalId', message: "This does not match the person's national ID" },
          ],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderPage('/supervisor-submit-test?group=grp-cred-1')
    const person = await screen.findByRole('combobox', { name: 'Person tested' })
    await within(person).findByRole('option', { name: /Alice Tan/ })
    expect(screen.getByLabelText('Test ID')).toBeInTheDocument()
    expect(screen.getByLabelText('National ID (NRIC/FIN)')).toBeInTheDocument()
    expect(screen.getByLabelText('Test kit lot number')).toBeInTheDocument()
    expect(screen.queryByLabelText('Test kit ID')).toBeNull()
    expect(screen.queryByLabelText(/Photo of the test/)).toBeNull()

    // Nothing filled: each field says what is missing and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Submit test result' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields')
    expect(screen.getByLabelText('Test ID')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('National ID (NRIC/FIN) is required')).toBeInTheDocument()
    expect(posts).toEqual([])

    await user.selectOptions(person, 'per-1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Negative')
    await user.type(screen.getByLabelText('Test kit'), 'Abbott Panbio')
    await user.type(screen.getByLabelText('Test kit lot number'), 'LOT-1')
    await user.type(screen.getByLabelText('Test ID'), 'ART-1234')
    await user.type(screen.getByLabelText('National ID (NRIC/FIN)'), 'S7654321A')
    await user.click(screen.getByRole('button', { name: 'Submit test result' }))
    expect(await screen.findByText("This does not match the person's national ID")).toBeInTheDocument()
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({
      group: 'grp-cred-1',
      person: 'per-1',
      result: 'Negative',
      testKitProvider: 'Abbott Panbio',
      testKitLotNo: 'LOT-1',
      credentials: { testID: 'ART-1234', nationalId: 'S7654321A' },
    })
    expect(Object.keys(posts[0] as object)).not.toContain('testKitID')
    expect(Object.keys(posts[0] as object)).not.toContain('imageUrl')
  })

  it('applies the A §5 fallback: a photo is required, no lot number or kit ID', async () => {
    const posts = mockServer({ status: 200, body: {} })
    const user = userEvent.setup({ delay: null })
    renderPage('/supervisor-submit-test?group=grp-fall-1')
    expect(await screen.findByText(/No credentials are set for this group/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Photo of the test/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Test kit lot number')).toBeNull()
    expect(screen.queryByLabelText('Test kit ID')).toBeNull()
    const person = await screen.findByRole('combobox', { name: 'Person tested' })
    await within(person).findByRole('option', { name: /Alice Tan/ })
    await user.selectOptions(person, 'per-1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Negative')
    await user.type(screen.getByLabelText('Test kit'), 'BD Veritor')
    await user.click(screen.getByRole('button', { name: 'Submit test result' }))
    expect(await screen.findByText('A photo of the test is required')).toBeInTheDocument()
    expect(posts).toEqual([])
  })
})
