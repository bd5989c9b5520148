import type { TemplateFilter } from '@portal/contract'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { MachineTemplateRow, NewMachineTemplateRow } from './template.table'

/** The columns a template write replaces. */
export type TemplateColumns = Pick<
  NewMachineTemplateRow,
  'resource_code' | 'name' | 'currency_code' | 'sections' | 'content' | 'section_count' | 'item_count'
>

/** The filtered templates of one entity, without paging: shared by the page query and the count. */
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

/** A page of templates, most recently changed first; current_page counts from 1. */
export async function findTemplatePage(
  db: Db,
  entityCode: string,
  f: TemplateFilter,
): Promise<MachineTemplateRow[]> {
  return filtered(db, entityCode, f)
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.per_page)
    .offset((f.current_page - 1) * f.per_page)
    .execute()
}

export async function countTemplates(db: Db, entityCode: string, f: TemplateFilter): Promise<number> {
  const row = await filtered(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findTemplate(
  db: Db,
  entityCode: string,
  uuid: string,
): Promise<MachineTemplateRow | undefined> {
  return db
    .selectFrom('machine_template')
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .selectAll()
    .executeTakeFirst()
}

export async function insertTemplate(db: Db, row: NewMachineTemplateRow): Promise<MachineTemplateRow> {
  return db.insertInto('machine_template').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Replaces a template's columns and version; returns the row as stored. */
export async function updateTemplateRow(
  db: Db,
  entityCode: string,
  uuid: string,
  columns: TemplateColumns & { version: number; updated_at: number },
): Promise<MachineTemplateRow> {
  return db
    .updateTable('machine_template')
    .set(columns)
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteTemplateRow(db: Db, entityCode: string, uuid: string): Promise<void> {
  await db
    .deleteFrom('machine_template')
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .execute()
}
