import type {
  Template,
  TemplateContent,
  TemplateFilter,
  TemplateFilterData,
  TemplateListItem,
  TemplateSection,
  TemplateWrite,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import { containsInsensitive } from '../../../lib/sql'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import type { MachineTemplateRow } from './template.table'

export const templateCountScope = (entityCode: string) => `templates:${entityCode}`

function toListItem(row: MachineTemplateRow): TemplateListItem {
  return {
    id: row.uuid,
    resourceCode: row.resource_code,
    name: row.name,
    version: row.version,
    currency_code: row.currency_code,
    section_count: row.section_count,
    item_count: row.item_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export function toTemplate(row: MachineTemplateRow): Template {
  return {
    id: row.uuid,
    resourceCode: row.resource_code,
    name: row.name,
    version: row.version,
    currency_code: row.currency_code,
    sections: parseJson<TemplateSection[]>(row.sections, []),
    content: parseJson<TemplateContent>(row.content, { items: [] }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

function filtered(db: Db, entityCode: string, f: TemplateFilter) {
  let q = db.selectFrom('machine_template').where('entity_code', '=', entityCode)
  const search = f.search
  if (search !== undefined && search !== '') {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'machine_template.name', search),
        containsInsensitive(db, 'machine_template.resource_code', search),
      ]),
    )
  }
  return q
}

/** A page of templates, most recently changed first; current_page counts from 1 (B §7). */
export async function filterTemplates(
  db: Db,
  counts: CountCache,
  entityCode: string,
  f: TemplateFilter,
): Promise<TemplateFilterData> {
  const [rows, count] = await Promise.all([
    filtered(db, entityCode, f)
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.per_page)
      .offset((f.current_page - 1) * f.per_page)
      .execute(),
    counts.get(templateCountScope(entityCode), { search: f.search ?? '' }, async () => {
      const row = await filtered(db, entityCode, f)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }),
  ])
  return { templates: rows.map(toListItem), count }
}

async function requireTemplate(db: Db, entityCode: string, uuid: string): Promise<MachineTemplateRow> {
  const row = await db
    .selectFrom('machine_template')
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .selectAll()
    .executeTakeFirst()
  if (!row) throw notFound('Machine template')
  return row
}

export async function getTemplate(db: Db, entityCode: string, uuid: string): Promise<Template> {
  return toTemplate(await requireTemplate(db, entityCode, uuid))
}

function columnsOf(input: TemplateWrite) {
  return {
    resource_code: input.resourceCode,
    name: input.name,
    currency_code: input.currency_code,
    sections: JSON.stringify(input.sections),
    content: JSON.stringify(input.content),
    section_count: input.sections.length,
    item_count: input.content.items.length,
  }
}

export async function createTemplate(
  db: Db,
  counts: CountCache,
  caller: Caller,
  input: TemplateWrite,
): Promise<Template> {
  const now = Date.now()
  const template = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('machine_template')
      .values({
        uuid: randomUUID(),
        entity_code: caller.auth.entityCode,
        version: 1,
        ...columnsOf(input),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const created = toTemplate(row)
    await auditChange(trx, caller, 'machine_template_created', 'machine_template', row.uuid, null, created)
    return created
  })
  counts.invalidate(templateCountScope(caller.auth.entityCode))
  return template
}

/** Replaces a template; each change makes a new version. */
export async function updateTemplate(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
  input: TemplateWrite,
): Promise<Template> {
  const entityCode = caller.auth.entityCode
  const stored = await requireTemplate(db, entityCode, uuid)
  const template = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('machine_template')
      .set({ ...columnsOf(input), version: stored.version + 1, updated_at: Date.now() })
      .where('entity_code', '=', entityCode)
      .where('uuid', '=', uuid)
      .returningAll()
      .executeTakeFirstOrThrow()
    const after = toTemplate(row)
    await auditChange(
      trx,
      caller,
      'machine_template_updated',
      'machine_template',
      uuid,
      toTemplate(stored),
      after,
    )
    return after
  })
  counts.invalidate(templateCountScope(entityCode))
  return template
}

export async function deleteTemplate(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
): Promise<void> {
  const entityCode = caller.auth.entityCode
  const stored = await requireTemplate(db, entityCode, uuid)
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('machine_template')
      .where('entity_code', '=', entityCode)
      .where('uuid', '=', uuid)
      .execute()
    await auditChange(
      trx,
      caller,
      'machine_template_deleted',
      'machine_template',
      uuid,
      toTemplate(stored),
      null,
    )
  })
  counts.invalidate(templateCountScope(entityCode))
}
