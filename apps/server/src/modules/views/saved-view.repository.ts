import type { Db } from '../../db/database'
import type { NewSavedViewRow } from './saved-view.table'

/** A view as listed: with its owner's username and whether it is the reader's default. */
export interface SavedViewView {
  id: number
  entity_code: string
  owner_id: number
  owner_username: string
  list_key: string
  name: string
  state: string
  shared: number
  updated_at: number
  default_id: number | null
}

/** The views a user sees in a list: their own and the entity's shared ones, with their default marked. */
function visibleViews(db: Db, entityCode: string, userId: number) {
  return db
    .selectFrom('saved_view')
    .innerJoin('app_user', 'app_user.id', 'saved_view.owner_id')
    .leftJoin('saved_view_default', (join) =>
      join
        .onRef('saved_view_default.view_id', '=', 'saved_view.id')
        .on('saved_view_default.user_id', '=', userId)
        .on('saved_view_default.entity_code', '=', entityCode),
    )
    .where('saved_view.entity_code', '=', entityCode)
    .where((eb) => eb.or([eb('saved_view.owner_id', '=', userId), eb('saved_view.shared', '=', 1)]))
    .select([
      'saved_view.id',
      'saved_view.entity_code',
      'saved_view.owner_id',
      'app_user.username as owner_username',
      'saved_view.list_key',
      'saved_view.name',
      'saved_view.state',
      'saved_view.shared',
      'saved_view.updated_at',
      'saved_view_default.view_id as default_id',
    ])
}

export async function listVisibleViews(
  db: Db,
  entityCode: string,
  userId: number,
  listKey: string,
  page: { limit: number; offset: number },
): Promise<SavedViewView[]> {
  // Own views first, then by name: the menu reads in that order.
  return visibleViews(db, entityCode, userId)
    .where('saved_view.list_key', '=', listKey)
    .orderBy((eb) => eb.case().when('saved_view.owner_id', '=', userId).then(0).else(1).end())
    .orderBy('saved_view.name')
    .orderBy('saved_view.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countVisibleViews(
  db: Db,
  entityCode: string,
  userId: number,
  listKey: string,
): Promise<number> {
  const row = await db
    .selectFrom('saved_view')
    .where('entity_code', '=', entityCode)
    .where('list_key', '=', listKey)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('shared', '=', 1)]))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A view the user may see (their own, or shared in the entity), else undefined. */
export async function findVisibleView(
  db: Db,
  entityCode: string,
  userId: number,
  id: number,
): Promise<SavedViewView | undefined> {
  return visibleViews(db, entityCode, userId).where('saved_view.id', '=', id).executeTakeFirst()
}

export async function countOwnViews(db: Db, entityCode: string, userId: number, listKey: string) {
  const row = await db
    .selectFrom('saved_view')
    .where('entity_code', '=', entityCode)
    .where('owner_id', '=', userId)
    .where('list_key', '=', listKey)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Another view of the owner in that list with that name (names are unique per owner and list). */
export async function findNamedView(
  db: Db,
  entityCode: string,
  ownerId: number,
  listKey: string,
  name: string,
  exceptId: number | null,
): Promise<number | undefined> {
  let q = db
    .selectFrom('saved_view')
    .where('entity_code', '=', entityCode)
    .where('owner_id', '=', ownerId)
    .where('list_key', '=', listKey)
    .where('name', '=', name)
  if (exceptId !== null) q = q.where('id', '<>', exceptId)
  const row = await q.select('id').executeTakeFirst()
  return row?.id
}

export async function insertView(db: Db, row: NewSavedViewRow): Promise<number> {
  const made = await db.insertInto('saved_view').values(row).returning('id').executeTakeFirstOrThrow()
  return made.id
}

export async function updateView(
  db: Db,
  id: number,
  change: { name?: string; state?: string; shared?: number; updated_at: number },
): Promise<void> {
  await db.updateTable('saved_view').set(change).where('id', '=', id).execute()
}

export async function deleteView(db: Db, id: number): Promise<void> {
  await db.deleteFrom('saved_view_default').where('view_id', '=', id).execute()
  await db.deleteFrom('saved_view').where('id', '=', id).execute()
}

/** Made private: other users' defaults on it go, as they can no longer see it. */
export async function dropOthersDefaults(db: Db, viewId: number, ownerId: number): Promise<void> {
  await db
    .deleteFrom('saved_view_default')
    .where('view_id', '=', viewId)
    .where('user_id', '<>', ownerId)
    .execute()
}

export async function setDefaultView(
  db: Db,
  key: { userId: number; entityCode: string; listKey: string },
  viewId: number,
): Promise<void> {
  await db
    .deleteFrom('saved_view_default')
    .where('user_id', '=', key.userId)
    .where('entity_code', '=', key.entityCode)
    .where('list_key', '=', key.listKey)
    .execute()
  await db
    .insertInto('saved_view_default')
    .values({ user_id: key.userId, entity_code: key.entityCode, list_key: key.listKey, view_id: viewId })
    .execute()
}

export async function clearDefaultView(
  db: Db,
  key: { userId: number; entityCode: string; listKey: string },
  viewId: number,
): Promise<void> {
  await db
    .deleteFrom('saved_view_default')
    .where('user_id', '=', key.userId)
    .where('entity_code', '=', key.entityCode)
    .where('list_key', '=', key.listKey)
    .where('view_id', '=', viewId)
    .execute()
}
