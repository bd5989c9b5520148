import { MedicalTermsStatus } from '@portal/contract'
import type { Db } from '../db/database'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * Step 6 demo data (docs/decisions/0030-srs-buddy-medical-terms-components.md): versions of the medical terms and
 * conditions of MEDI (Medicord Health: retired, retired, published, and a draft of the next) and HEALTH (CareBridge
 * Clinics: retired, published), and the people who accepted each published version while it was in force.
 */

const DAY = 86_400_000

interface VersionPlan {
  title: string
  body: string
  status: 'draft' | 'published' | 'retired'
  /** Days before `now` the version takes effect (negative: in the future). */
  effectiveDaysAgo: number
  accepted: number
}

const consent = (org: string, extra: string) => `# ${org} — consent to health screening

By taking part in the screening programme you agree to these terms. Please read them before your first test.

## What we collect
- Your name, mobile number and the **last four characters** of your national ID.
- The result of each test, when and where it was taken, and who supervised it.
- A photo of the test cassette when your group asks for one.

## How we use it
1. To tell you and your employer whether you are up to date with your tests.
2. To follow up a *positive* or invalid result with you within one working day.
3. To report notifiable results to the Ministry of Health, as the law requires.

## Your choices
You may withdraw at any time by telling your supervisor. Results already reported are kept for **two years** and then deleted.
${extra}
Questions: write to privacy@${org.toLowerCase().replace(/[^a-z]+/g, '')}.sg or call the clinic during office hours.`

const PLANS: Record<string, readonly VersionPlan[]> = {
  MEDI: [
    {
      title: 'Consent to COVID-19 testing',
      body: consent('Medicord Health', ''),
      status: MedicalTermsStatus.Retired,
      effectiveDaysAgo: 420,
      accepted: 410,
    },
    {
      title: 'Consent to testing and data use',
      body: consent('Medicord Health', '\nPhotos of test cassettes are kept for 30 days.\n'),
      status: MedicalTermsStatus.Retired,
      effectiveDaysAgo: 210,
      accepted: 860,
    },
    {
      title: 'Terms and conditions of the Medicord screening programme',
      body: consent(
        'Medicord Health',
        '\n## Supervised tests\nA supervisor may submit a result on your behalf; you will receive an SMS with the result.\n',
      ),
      status: MedicalTermsStatus.Published,
      effectiveDaysAgo: 60,
      accepted: 1240,
    },
    {
      title: 'Terms and conditions of the Medicord screening programme (2027)',
      body: consent(
        'Medicord Health',
        '\n## Supervised tests\nA supervisor may submit a result on your behalf; you will receive an SMS with the result.\n\n## Data retention\nFrom 2027 results are kept for **eighteen months**.\n',
      ),
      status: MedicalTermsStatus.Draft,
      effectiveDaysAgo: -30,
      accepted: 0,
    },
  ],
  HEALTH: [
    {
      title: 'Consent to digital health screening',
      body: consent('CareBridge Clinics', ''),
      status: MedicalTermsStatus.Retired,
      effectiveDaysAgo: 300,
      accepted: 300,
    },
    {
      title: 'CareBridge Clinics — consent and privacy terms',
      body: consent(
        'CareBridge Clinics',
        '\nCase notes written by our clinicians are part of your medical record.\n',
      ),
      status: MedicalTermsStatus.Published,
      effectiveDaysAgo: 90,
      accepted: 530,
    },
  ],
}

export async function seedMedicalTerms(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const { now } = context
  const bulk = new BulkInserter(db)
  for (const [entity, plans] of Object.entries(PLANS)) {
    const exists = await db.selectFrom('entity').where('code', '=', entity).select('code').executeTakeFirst()
    if (!exists) continue
    const owner = await db
      .selectFrom('membership')
      .where('entity_code', '=', entity)
      .where('relation', '=', 0)
      .select('user_id')
      .executeTakeFirst()
    const author = owner?.user_id ?? null
    await db.transaction().execute(async (trx) => {
      const acceptances: Cell[][] = []
      for (const [index, plan] of plans.entries()) {
        const effective = now - plan.effectiveDaysAgo * DAY
        const next = plans[index + 1]
        const until =
          next && next.status !== MedicalTermsStatus.Draft ? now - next.effectiveDaysAgo * DAY : now
        const created = Math.min(effective, now) - rng.int(7, 20) * DAY
        const row = await trx
          .insertInto('medical_terms')
          .values({
            entity_code: entity,
            uuid: seededUuid(rng),
            version: index + 1,
            title: plan.title,
            body: plan.body,
            status: plan.status,
            effective_at: effective,
            created_by: author,
            updated_by: author,
            published_at: plan.status === MedicalTermsStatus.Draft ? null : effective - rng.int(1, 5) * DAY,
            retired_at: plan.status === MedicalTermsStatus.Retired ? until : null,
            created_at: created,
            updated_at: plan.status === MedicalTermsStatus.Retired ? until : Math.min(now, created + 2 * DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        for (let p = 0; p < plan.accepted; p++) {
          const at = effective + Math.floor(rng.next() * Math.max(DAY, until - effective))
          acceptances.push([entity, row.id, `P-${String(p + 1).padStart(6, '0')}`, Math.min(at, now)])
        }
      }
      await bulk.insert(
        trx,
        'medical_terms_acceptance',
        ['entity_code', 'terms_id', 'person_ref', 'accepted_at'],
        acceptances,
      )
    })
  }
}
