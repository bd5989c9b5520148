import { describe, expect, it } from 'vitest'
import { itLabels } from '../../test-support'
import type { TermsBlock } from './medical-terms'
import {
  canUseMedicalTerms,
  medicalTermsFilterRequest,
  medicalTermsInput,
  medicalTermsStatuses,
  parseInline,
  parseTermsMarkdown,
  publishIssues,
} from './medical-terms'

describe('canUseMedicalTerms', () => {
  it.each([
    [['medicord', 'covid_nric'], true],
    [['covid_nric'], true],
    [['digital_health_automation'], true],
    [['srs-buddy'], false],
    [['vending', 'cpo'], false],
    [[], false],
  ])('%j → %s', (industries, allowed) => {
    expect(canUseMedicalTerms(industries)).toBe(allowed)
  })
})

itLabels(medicalTermsStatuses, [
  ['draft', 'Draft'],
  ['published', 'Published'],
  ['retired', 'Retired'],
  ['archived', 'Unknown (archived)'],
])

describe('medicalTermsInput', () => {
  const good = {
    title: 'Consent to testing',
    body: 'You agree to be tested weekly.',
    effective_at: Date.UTC(2026, 0, 1),
  }
  it('accepts and trims a complete draft', () => {
    expect(medicalTermsInput.parse({ ...good, title: '  Consent to testing  ' }).title).toBe(
      'Consent to testing',
    )
  })
  it.each<[string, Record<string, unknown>, string]>([
    ['a short title', { title: 'Hi' }, 'title'],
    ['a title that is only spaces', { title: '      ' }, 'title'],
    ['a missing body', { body: undefined }, 'body'],
    ['a body too short to be terms', { body: 'Agree.' }, 'body'],
    ['a body over 50,000 characters', { body: 'x'.repeat(50_001) }, 'body'],
    ['an effective date before 2000', { effective_at: Date.UTC(1999, 11, 31) }, 'effective_at'],
    ['an effective date that is text', { effective_at: '2026-01-01' }, 'effective_at'],
    ['a status (set only by publishing)', { status: 'published' }, ''],
  ])('refuses %s, naming the field', (_, change, path) => {
    const parsed = medicalTermsInput.safeParse({ ...good, ...change })
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual([path])
  })
})

describe('medicalTermsFilterRequest', () => {
  it.each<[unknown, boolean]>([
    [{}, true],
    [{ status_list: ['draft', 'retired'] }, true],
    [{ status_list: ['archived'] }, false],
    [{ limit: 0 }, false],
    [{ offset: -1 }, false],
  ])('%j → valid %s', (body, ok) => {
    expect(medicalTermsFilterRequest.safeParse(body).success).toBe(ok)
  })
})

describe('publishIssues', () => {
  it.each([
    ['nothing published yet', 5, null, []],
    ['effective after the published one', 10, { effective_at: 5, version: 2 }, []],
    ['effective the same day', 5, { effective_at: 5, version: 2 }, []],
    ['effective before the one it replaces', 4, { effective_at: 5, version: 2 }, ['effective_at']],
  ])('%s', (_, effective, published, paths) => {
    expect(publishIssues({ effective_at: effective }, published).map((i) => i.path)).toEqual(paths)
  })
})

describe('parseInline', () => {
  it.each([
    ['plain', [{ kind: 'text', text: 'plain' }]],
    [
      'a **bold** word',
      [
        { kind: 'text', text: 'a ' },
        { kind: 'strong', text: 'bold' },
        { kind: 'text', text: ' word' },
      ],
    ],
    [
      '*em* and _em_',
      [
        { kind: 'em', text: 'em' },
        { kind: 'text', text: ' and ' },
        { kind: 'em', text: 'em' },
      ],
    ],
    ['snake_case_name stays text', [{ kind: 'text', text: 'snake_case_name stays text' }]],
    ['2 * 3 * 4 is arithmetic', [{ kind: 'text', text: '2 * 3 * 4 is arithmetic' }]],
    ['<b>tags</b> are text', [{ kind: 'text', text: '<b>tags</b> are text' }]],
    ['**unclosed stays', [{ kind: 'text', text: '**unclosed stays' }]],
  ])('%s', (source, inlines) => {
    expect(parseInline(source)).toEqual(inlines)
  })
})

describe('parseTermsMarkdown', () => {
  const t = (text: string) => [{ kind: 'text', text }]
  it.each<[string, string, TermsBlock[]]>([
    ['empty', '', []],
    [
      'one paragraph across lines',
      'first line\nsecond line',
      [{ kind: 'paragraph', content: t('first line second line') as never }],
    ],
    [
      'paragraphs split by a blank line',
      'one\n\ntwo',
      [
        { kind: 'paragraph', content: t('one') as never },
        { kind: 'paragraph', content: t('two') as never },
      ],
    ],
    [
      'headings of three levels; four hashes are text',
      '# A\n## B\n### C\n#### D',
      [
        { kind: 'heading', level: 1, content: t('A') as never },
        { kind: 'heading', level: 2, content: t('B') as never },
        { kind: 'heading', level: 3, content: t('C') as never },
        { kind: 'paragraph', content: t('#### D') as never },
      ],
    ],
    [
      'a bullet list with both markers',
      '- a\n* b',
      [{ kind: 'list', ordered: false, items: [t('a'), t('b')] as never }],
    ],
    [
      'a numbered list, its continuation line joined',
      '1. a\ncontinued\n2) b',
      [{ kind: 'list', ordered: true, items: [t('a continued'), t('b')] as never }],
    ],
    [
      'a list after a paragraph starts a new block',
      'intro\n- a',
      [
        { kind: 'paragraph', content: t('intro') as never },
        { kind: 'list', ordered: false, items: [t('a')] as never },
      ],
    ],
    [
      'switching list kinds starts a new list',
      '- a\n1. b',
      [
        { kind: 'list', ordered: false, items: [t('a')] as never },
        { kind: 'list', ordered: true, items: [t('b')] as never },
      ],
    ],
    [
      'Windows line ends',
      'a\r\n\r\nb',
      [
        { kind: 'paragraph', content: t('a') as never },
        { kind: 'paragraph', content: t('b') as never },
      ],
    ],
    [
      'raw HTML is kept as text',
      '<script>alert(1)</script>',
      [{ kind: 'paragraph', content: t('<script>alert(1)</script>') as never }],
    ],
  ])('%s', (_, source, blocks) => {
    expect(parseTermsMarkdown(source)).toEqual(blocks)
  })
})
