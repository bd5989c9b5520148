import { z } from 'zod'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * Medical terms and conditions (A §2 `/medical-tnc`, no navigation entry). The spec gives only the route; the model,
 * the calls and who reaches it are ours (docs/decisions/0030-srs-buddy-medical-terms-components.md): versions of an
 * entity's medical T&C, each a draft, published (at most one per entity) or retired, and how many people accepted
 * each. Calls on the main API under /health/medical-terms, IAM app `health`, resource `medical-terms/*`.
 */

/** The entities whose people sign medical T&C: the health and test programmes (covid_nric, medicord, digital health). */
export const MEDICAL_TNC_INDUSTRIES = ['medicord', 'covid_nric', 'digital_health_automation'] as const

/** Whether an entity with these industries keeps medical T&C (the screen and every call check it). */
export function canUseMedicalTerms(industries: readonly string[]): boolean {
  return industries.some((i) => (MEDICAL_TNC_INDUSTRIES as readonly string[]).includes(i))
}

export const MedicalTermsStatus = { Draft: 'draft', Published: 'published', Retired: 'retired' } as const
export type MedicalTermsStatus = ValueOf<typeof MedicalTermsStatus>
export const medicalTermsStatuses = defineCatalogue<MedicalTermsStatus>('medical terms status', [
  [MedicalTermsStatus.Draft, 'Draft'],
  [MedicalTermsStatus.Published, 'Published'],
  [MedicalTermsStatus.Retired, 'Retired'],
])

export const MEDICAL_TERMS_PAGE_SIZE = 20
export const MEDICAL_TERMS_TITLE_MAX = 200
export const MEDICAL_TERMS_BODY_MAX = 50_000
/** Effective dates before this are typing mistakes, not history. */
export const MEDICAL_TERMS_EARLIEST = Date.UTC(2000, 0, 1)

/** POST /health/medical-terms/filter: published first, then drafts, then retired; newest version first within each. */
export const medicalTermsFilterRequest = z.strictObject({
  limit: z.number().int().min(1).max(200).default(MEDICAL_TERMS_PAGE_SIZE),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  status_list: z.array(catalogueSchema(medicalTermsStatuses)).max(3).optional(),
})
export type MedicalTermsFilterRequest = z.input<typeof medicalTermsFilterRequest>

/** One version as the list shows it. */
export const medicalTermsVersion = z.object({
  uuid: z.string(),
  /** 1, 2, 3 … in the order the versions were created, per entity. */
  version: z.number().int().min(1),
  title: z.string(),
  status: z.string().describe(`status: ${medicalTermsStatuses.values.join(', ')}`),
  effective_at: epochMs,
  created_at: epochMs,
  updated_at: epochMs,
  /** Who last changed it (created, edited, published). */
  updated_by: z.string().nullable(),
  published_at: epochMs.nullable(),
  retired_at: epochMs.nullable(),
  /** People who accepted this version. */
  acceptance_count: z.number().int().min(0),
})
export type MedicalTermsVersion = z.infer<typeof medicalTermsVersion>

export const medicalTermsFilterResponse = envelope(
  z.object({ terms: z.array(medicalTermsVersion), count: z.number().int().min(0) }),
)
export type MedicalTermsFilterData = z.infer<typeof medicalTermsFilterResponse>['data']

export const medicalTermsDetail = medicalTermsVersion.extend({ body: z.string() })
export type MedicalTermsDetail = z.infer<typeof medicalTermsDetail>
export const medicalTermsResponse = envelope(z.object({ terms: medicalTermsDetail }))

export const medicalTermsUuidParams = z.strictObject({
  uuid: z.string().trim().min(8).max(64).describe('uuid'),
})

/** POST /health/medical-terms (a new draft) and PUT /health/medical-terms/{uuid} (a draft's fields). */
export const medicalTermsInput = z.strictObject({
  title: z
    .string({ error: 'Enter a title' })
    .trim()
    .min(3, 'Enter a title of at least 3 characters')
    .max(MEDICAL_TERMS_TITLE_MAX, `Keep the title under ${String(MEDICAL_TERMS_TITLE_MAX)} characters`),
  body: z
    .string({ error: 'Enter the terms' })
    .trim()
    .min(20, 'Enter the terms (at least 20 characters)')
    .max(
      MEDICAL_TERMS_BODY_MAX,
      `Keep the terms under ${MEDICAL_TERMS_BODY_MAX.toLocaleString('en')} characters`,
    ),
  effective_at: z
    .number({ error: 'Choose the date the terms take effect' })
    .int('Choose the date the terms take effect')
    .min(MEDICAL_TERMS_EARLIEST, 'Choose a date from 2000 on'),
})
export type MedicalTermsInput = z.input<typeof medicalTermsInput>

export const medicalTermsDeleteResponse = envelope(z.object({ uuid: z.string() }))

/**
 * The rule of publishing that spans versions: a new version cannot take effect before the one it replaces, or the
 * record of which terms a person accepted when would be ambiguous. The message names the field to change.
 */
export function publishIssues(
  draft: { effective_at: number },
  published: { effective_at: number; version: number } | null,
): { path: string; message: string }[] {
  if (published !== null && draft.effective_at < published.effective_at)
    return [
      {
        path: 'effective_at',
        message: `The effective date must be on or after that of version ${String(published.version)}, which it replaces`,
      },
    ]
  return []
}

/*
 * The body is plain text with a small, safe subset of Markdown, parsed here into blocks that the portal renders as
 * React elements: never as HTML, so a tag typed into the terms shows as text.
 *   # / ## / ### heading · "- " or "* " bullet · "1. " numbered item · blank line = new paragraph
 *   **bold** · *italic* or _italic_
 */
export type TermsInline = { kind: 'text' | 'strong' | 'em'; text: string }
export type TermsBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; content: TermsInline[] }
  | { kind: 'paragraph'; content: TermsInline[] }
  | { kind: 'list'; ordered: boolean; items: TermsInline[][] }

const INLINE = /\*\*([^*\n]+?)\*\*|\*([^*\s][^*\n]*?)\*|(?<![\w])_([^_\s][^_\n]*?)_(?![\w])/g

export function parseInline(text: string): TermsInline[] {
  const out: TermsInline[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    const index = match.index
    if (index > last) out.push({ kind: 'text', text: text.slice(last, index) })
    if (match[1] !== undefined) out.push({ kind: 'strong', text: match[1] })
    else out.push({ kind: 'em', text: match[2] ?? match[3] ?? '' })
    last = index + match[0].length
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  // Adjacent text pieces are merged, so the output is the same however the text was split.
  return out.reduce<TermsInline[]>((acc, piece) => {
    const previous = acc.at(-1)
    if (previous?.kind === 'text' && piece.kind === 'text') previous.text += piece.text
    else acc.push({ ...piece })
    return acc
  }, [])
}

const HEADING = /^(#{1,3})\s+(.+)$/
const BULLET = /^[-*]\s+(.+)$/
const NUMBERED = /^\d{1,3}[.)]\s+(.+)$/

export function parseTermsMarkdown(source: string): TermsBlock[] {
  const blocks: TermsBlock[] = []
  let paragraph: string[] = []
  let list: { ordered: boolean; items: string[] } | null = null
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) })
    if (list !== null)
      blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) })
    paragraph = []
    list = null
  }
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim()
    if (line === '') {
      flush()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3
      blocks.push({ kind: 'heading', level, content: parseInline(heading[2] ?? '') })
      continue
    }
    const bullet = BULLET.exec(line)
    const numbered = bullet ? null : NUMBERED.exec(line)
    const item = bullet ?? numbered
    if (item) {
      const ordered = numbered !== null
      if (paragraph.length > 0 || (list !== null && list.ordered !== ordered)) flush()
      list ??= { ordered, items: [] }
      list.items.push(item[1] ?? '')
      continue
    }
    // A line right after a list item continues that item; otherwise it joins the paragraph.
    if (list !== null) {
      const items = list.items
      items[items.length - 1] = `${items[items.length - 1] ?? ''} ${line}`
      continue
    }
    paragraph.push(line)
  }
  flush()
  return blocks
}
