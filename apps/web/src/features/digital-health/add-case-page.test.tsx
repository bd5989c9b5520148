import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { AddCasePage } from './add-case-page'

const SITES = [
  { code: 'TPY', name: 'CareBridge Toa Payoh', address: '490 Lorong 6 Toa Payoh' },
  { code: 'JE', name: 'CareBridge Jurong East', address: '50 Jurong Gateway Road' },
]

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/** The cases service: the clinics, and the intake answering with the stored case (or a 400 for a clinic). */
function mockServer(options: { refuseSite?: boolean; forbidden?: boolean } = {}) {
  const requests: { url: string; method: string; auth: string | null; body: unknown }[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input)
    const headers = new Headers(init?.headers)
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined
    requests.push({ url, method: init?.method ?? 'GET', auth: headers.get('authorization'), body })
    const json = (status: number, payload: unknown) =>
      Promise.resolve(new Response(JSON.stringify(payload), { status }))
    if (url.endsWith('/api/cases/cases/sites'))
      return options.forbidden
        ? json(403, { error: { code: 'FORBIDDEN', message: 'You do not have permission to view cases' } })
        : json(200, { data: { sites: SITES } })
    if (url.endsWith('/api/cases/cases') && init?.method === 'POST') {
      if (options.refuseSite)
        return json(400, {
          error: {
            code: 'BAD_REQUEST',
            message: 'body.siteCode: Choose one of your organisation’s clinics',
            issues: [{ path: 'body.siteCode', message: 'Choose one of your organisation’s clinics' }],
          },
        })
      return json(201, {
        data: {
          case: {
            ...body,
            caseId: '6c1d2e4f-0000-4000-a000-000000000001',
            caseNo: 'HEALTH-000321',
            status: 'open',
            siteName: 'CareBridge Toa Payoh',
            createdBy: 'Hui Min Chua',
            createdByUuid: 'u-1',
            updatedBy: 'Hui Min Chua',
            updatedByUuid: 'u-1',
            createdAt: 1,
            lastEditedDate: 1,
            idNumberMasked: 'S****567D',
            consentAt: 1,
            version: 1,
            canEdit: true,
            history: [],
          },
        },
      })
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'not found' } })
  })
  return requests
}

function renderPage() {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/digital-health']}>
          <AddCasePage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  )
}

/** The clinics arrived: the Clinic select is enabled. */
const sitesLoaded = () => vi.waitFor(() => expect(screen.getByLabelText('Clinic')).toBeEnabled())

async function fillValidCase(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Case template'), 'Chest pain triage')
  await sitesLoaded()
  await user.selectOptions(screen.getByLabelText('Clinic'), 'CareBridge Toa Payoh')
  await user.selectOptions(screen.getByLabelText('Urgency'), 'Same day')
  await user.type(screen.getByLabelText('Patient name'), 'Tan Mei Ling')
  await user.selectOptions(screen.getByLabelText('Sex'), 'Female')
  await user.type(screen.getByLabelText('ID number'), 's1234567d')
  await user.type(screen.getByLabelText('Date of birth'), '1968-04-02')
  await user.type(screen.getByLabelText('Mobile number'), '9123 4567')
  await user.selectOptions(screen.getByLabelText('When did the pain start?'), 'Less than 1 hour ago')
  await user.type(screen.getByLabelText('Pain score'), '7')
  const radiates = screen.getByRole('group', { name: 'Pain spreads to the arm, jaw or back' })
  await user.click(within(radiates).getByLabelText('Yes'))
  const breath = screen.getByRole('group', { name: 'Short of breath' })
  await user.click(within(breath).getByLabelText('No'))
  await user.click(screen.getByLabelText('The patient consents'))
}

describe('Add a case', { timeout: 30_000 }, () => {
  beforeEach(() => {
    queryClient.clear()
    resetSessionForTests({ status: 'authenticated', isLoggedIn: true, token: 'tok-1', entityCode: 'HEALTH' })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
    queryClient.clear()
  })

  it('shows a message under every invalid field, sends nothing, and focuses the first', async () => {
    const requests = mockServer()
    const user = userEvent.setup({ delay: null })
    renderPage()
    await sitesLoaded()
    await user.type(screen.getByLabelText('ID number'), 'S1234567A')
    await user.click(screen.getByRole('button', { name: 'Add case' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('9 fields need your attention')
    expect(screen.getByLabelText('Case template')).toHaveAccessibleDescription('Choose a case template')
    expect(screen.getByLabelText('Case template')).toHaveFocus()
    expect(screen.getByLabelText('Clinic')).toHaveAccessibleDescription('Choose the clinic')
    expect(screen.getByLabelText('Patient name')).toHaveAccessibleDescription("Enter the patient's name")
    expect(screen.getByLabelText('ID number')).toHaveAccessibleDescription(
      'This NRIC/FIN is not valid: its check letter does not match',
    )
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Enter the date of birth')
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('Enter the mobile number')
    expect(screen.getByLabelText('The patient consents')).toHaveAccessibleDescription(
      expect.stringContaining("Record the patient's consent to continue"),
    )
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    // A template shows its questions; their messages appear on the next try.
    await user.selectOptions(screen.getByLabelText('Case template'), 'Chest pain triage')
    await user.click(screen.getByRole('button', { name: 'Add case' }))
    expect(screen.getByLabelText('Pain score')).toHaveAccessibleDescription('Enter a number')
    expect(screen.getByRole('group', { name: 'Short of breath' })).toHaveTextContent('Answer yes or no')
  })

  it('sends the intake with the Bearer scheme, then confirms with the new case number and a link to it', async () => {
    const requests = mockServer()
    const user = userEvent.setup({ delay: null })
    renderPage()
    await fillValidCase(user)
    await user.click(screen.getByRole('button', { name: 'Add case' }))

    const confirmation = await screen.findByRole('status')
    expect(within(confirmation).getByRole('heading')).toHaveTextContent('Case HEALTH-000321 added')
    expect(within(confirmation).getByRole('link', { name: 'Open case HEALTH-000321' })).toHaveAttribute(
      'href',
      '/digital-health/6c1d2e4f-0000-4000-a000-000000000001/info',
    )
    const post = requests.find((r) => r.method === 'POST')
    expect(post?.auth).toBe('Bearer tok-1')
    expect(post?.body).toEqual({
      caseTemplate: 'chest_pain_triage',
      patientName: 'Tan Mei Ling',
      idType: 'nric_fin',
      idNumber: 'S1234567D',
      dateOfBirth: '1968-04-02',
      sex: 'F',
      dialCode: '65',
      mobileNumber: '91234567',
      siteCode: 'TPY',
      urgency: 'urgent',
      answers: { pain_onset: 'under_1h', pain_score: 7, radiates: true, short_of_breath: false },
      notes: '',
      consent: true,
    })

    await user.click(within(confirmation).getByRole('button', { name: 'Add another case' }))
    expect(screen.getByLabelText('Patient name')).toHaveValue('')
  })

  it("shows the server's message for a field under that field, keeping what was typed", async () => {
    mockServer({ refuseSite: true })
    const user = userEvent.setup({ delay: null })
    renderPage()
    await fillValidCase(user)
    await user.click(screen.getByRole('button', { name: 'Add case' }))
    expect(await screen.findByText('Choose one of your organisation’s clinics')).toBeInTheDocument()
    expect(screen.getByLabelText('Clinic')).toHaveAccessibleDescription(
      'Choose one of your organisation’s clinics',
    )
    expect(screen.getByLabelText('Patient name')).toHaveValue('Tan Mei Ling')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows the no-access state instead of the form when the caller may not see cases', async () => {
    mockServer({ forbidden: true })
    renderPage()
    expect(await screen.findByText('You cannot take in cases')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add case' })).toBeNull()
  })
})
