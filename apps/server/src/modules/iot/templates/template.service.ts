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
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import {
  countTemplates,
  deleteTemplateRow,
  findTemplate,
  findTemplatePage,
  insertTemplate,
  updateTemplateRow,
} from './template.repository'
import type { TemplateColumns } from './template.repository'
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

/** A page of templates, most recently changed first; current_page counts from 1 (B §7). */
export async function filterTemplates(
  db: Db,
  counts: CountCache,
  entityCode: string,
  f: TemplateFilter,
): Promise<TemplateFilterData> {
  const [rows, count] = await Promise.all([
    findTemplatePage(db, entityCode, f),
    counts.get(templateCountScope(entityCode), { search: f.search ?? '' }, () =>
      countTemplates(db, entityCode, f),
    ),
  ])
  return { templates: rows.map(toListItem), count }
}

async function requireTemplate(db: Db, entityCode: string, uuid: string): Promise<MachineTemplateRow> {
  const row = await findTemplate(db, entityCode, uuid)
  if (!row) throw notFound('Machine template')
  return row
}

export async function getTemplate(db: Db, entityCode: string, uuid: string): Promise<Template> {
  return toTemplate(await requireTemplate(db, entityCode, uuid))
}

function columnsOf(input: TemplateWrite): TemplateColumns {
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
    const row = await insertTemplate(trx, {
      uuid: randomUUID(),
      entity_code: caller.auth.entityCode,
      version: 1,
      ...columnsOf(input),
      created_at: now,
      updated_at: now,
    })
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
    const row = await updateTemplateRow(trx, entityCode, uuid, {
      ...columnsOf(input),
      version: stored.version + 1,
      updated_at: Date.now(),
    })
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
    await deleteTemplateRow(trx, entityCode, uuid)
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
