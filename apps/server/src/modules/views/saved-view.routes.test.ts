import type { SavedView } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'

/*
 * Saved views (issue 18, decision 0116) on SQLite and PostgreSQL: CRUD, who sees a private or shared view, sharing
 * without the policy, the default per user, the 400s naming their field, and another entity's view (404).
 * VEND's owner (vending) is an entity admin; viewer holds "Vending read only" (iot read, no iam views, no alerts).
 */

const STATE = {
  filters: { status: ['1', '4'], sort: 'alias', order: 'desc' },
  columns: ['alias', 'stock'],
  page_size: 50,
}

describe.each(DIALECTS)('saved views on %s', (dialect) => {
  let t: TestApp
  let vending: string
  let viewer: string
  let cpo: string

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    ;[vending, viewer, cpo] = await Promise.all([
      loginAs(t.app, 'vending'),
      loginAs(t.app, 'viewer'),
      loginAs(t.app, 'cpo'),
    ])
  })
  afterAll(async () => {
    await t.close()
  })

  const create = async (token: string, body: Record<string, unknown>) =>
    call<{ data: { view: SavedView } }>(t.app, 'POST', '/api/main/views', { token, body })
  const list = async (token: string, key = 'machines') => {
    const r = await call<{ data: { views: SavedView[]; count: number } }>(
      t.app,
      'POST',
      '/api/main/views/filter',
      {
        token,
        body: { list: key, limit: 50, offset: 0 },
      },
    )
    return r
  }
  const put = (token: string, id: number, body: Record<string, unknown>) =>
    call<{ data: { view: SavedView } }>(t.app, 'PUT', `/api/main/views/${String(id)}`, { token, body })
  const del = (token: string, id: number) => call(t.app, 'DELETE', `/api/main/views/${String(id)}`, { token })

  it('saves, lists, renames, updates and deletes a view', async () => {
    const made = await create(vending, {
      list: 'machines',
      name: '  Faulty east  ',
      state: STATE,
      shared: false,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const view = made.body.data.view
    expect(view).toMatchObject({
      list: 'machines',
      name: 'Faulty east',
      state: STATE,
      shared: false,
      owner: { username: 'vending' },
      mine: true,
      default: false,
    })
    expect((await list(vending)).body.data.views.map((v) => v.id)).toContain(view.id)

    const renamed = await put(vending, view.id, {
      name: 'Faulty machines',
      state: { ...STATE, page_size: 20, columns: ['stock', 'alias'] },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body.data.view).toMatchObject({
      name: 'Faulty machines',
      state: { page_size: 20, columns: ['stock', 'alias'] },
    })

    expect((await del(vending, view.id)).status).toBe(200)
    expect((await list(vending)).body.data.views.map((v) => v.id)).not.toContain(view.id)
    expect((await put(vending, view.id, { name: 'Gone' })).status).toBe(404)
  })

  it('keeps a private view from others (404) and shows a shared one to members who may read the list', async () => {
    const mine = (
      await create(vending, { list: 'machines', name: 'Private one', state: STATE, shared: false })
    ).body.data.view
    const ours = (await create(vending, { list: 'machines', name: 'Team view', state: STATE, shared: true }))
      .body.data.view
    const seen = await list(viewer)
    expect(seen.status).toBe(200)
    const ids = seen.body.data.views.map((v) => v.id)
    expect(ids).toContain(ours.id)
    expect(ids).not.toContain(mine.id)
    expect(seen.body.data.views.find((v) => v.id === ours.id)).toMatchObject({ mine: false, shared: true })
    expect((await put(viewer, mine.id, { default: true })).status).toBe(404)
    expect((await del(viewer, mine.id)).status).toBe(404)
    // Seen, but not theirs: only the owner (or an entity admin) changes a shared view.
    expect((await put(viewer, ours.id, { name: 'Hijacked' })).status).toBe(403)
    expect((await del(viewer, ours.id)).status).toBe(403)

    // A shared view of a list the member may not read (alerts: iam / alerts/*) is not theirs to see.
    const alerts = (
      await create(vending, { list: 'alerts', name: 'Open alerts', state: STATE, shared: true })
    ).body.data.view
    expect((await list(viewer, 'alerts')).status).toBe(403)
    expect((await put(viewer, alerts.id, { default: true })).status).toBe(404)
  })

  it('refuses sharing without the policy (403), and lets the member keep private views', async () => {
    const refused = await create(viewer, {
      list: 'machines',
      name: 'Shared by viewer',
      state: STATE,
      shared: true,
    })
    expect(refused.status).toBe(403)
    const own = await create(viewer, { list: 'machines', name: 'Mine only', state: STATE })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect((await put(viewer, own.body.data.view.id, { shared: true })).status).toBe(403)
    expect((await put(viewer, own.body.data.view.id, { name: 'Mine, renamed' })).status).toBe(200)
    // An entity admin may not read or change another member's private view.
    expect((await put(vending, own.body.data.view.id, { name: 'Admin was here' })).status).toBe(404)
  })

  it("keeps each user's default per list", async () => {
    const a = (await create(vending, { list: 'machines', name: 'Default A', state: STATE, shared: true }))
      .body.data.view
    const b = (await create(vending, { list: 'machines', name: 'Default B', state: STATE, shared: true }))
      .body.data.view
    expect((await put(vending, a.id, { default: true })).body.data.view.default).toBe(true)
    expect((await put(vending, b.id, { default: true })).body.data.view.default).toBe(true)
    let views = (await list(vending)).body.data.views
    expect(views.filter((v) => v.default).map((v) => v.id)).toEqual([b.id])
    // The viewer's default is their own: the owner's is not theirs.
    expect((await list(viewer)).body.data.views.some((v) => v.default)).toBe(false)
    expect((await put(viewer, a.id, { default: true })).status).toBe(200)
    expect((await list(viewer)).body.data.views.filter((v) => v.default).map((v) => v.id)).toEqual([a.id])
    views = (await list(vending)).body.data.views
    expect(views.filter((v) => v.default).map((v) => v.id)).toEqual([b.id])
    // Made private, it is no longer the viewer's default (they cannot see it).
    expect((await put(vending, a.id, { shared: false })).status).toBe(200)
    expect((await list(viewer)).body.data.views.some((v) => v.default)).toBe(false)
    expect((await put(vending, b.id, { default: false })).body.data.view.default).toBe(false)
  })

  it('answers 400 naming the field, and 409 on a duplicate name', async () => {
    const bad = async (body: Record<string, unknown>, path: string) => {
      const r = await create(vending, body)
      expect(r.status, JSON.stringify(r.body)).toBe(400)
      expect(JSON.stringify(r.body)).toContain(path)
    }
    await bad({ list: 'nope', name: 'X', state: STATE }, 'body.list')
    await bad({ list: 'machines', name: '', state: STATE }, 'body.name')
    await bad({ list: 'machines', name: 'x'.repeat(81), state: STATE }, 'body.name')
    await bad({ list: 'machines', name: 'X', state: { ...STATE, page_size: 33 } }, 'body.state.page_size')
    await bad({ list: 'machines', name: 'X', state: { ...STATE, columns: ['a', 'a'] } }, 'body.state.columns')
    await bad({ list: 'machines', name: 'X', state: { ...STATE, extra: 1 } }, 'body.state')
    await bad({ list: 'machines', name: 'X', state: STATE, shared: 'yes' }, 'body.shared')
    const filter = await call(t.app, 'POST', '/api/main/views/filter', {
      token: vending,
      body: { list: 'nope', limit: 10, offset: 0 },
    })
    expect(filter.status).toBe(400)
    expect(JSON.stringify(filter.body)).toContain('body.list')

    await create(vending, { list: 'machines', name: 'Twice', state: STATE })
    const again = await create(vending, { list: 'machines', name: 'Twice', state: STATE })
    expect(again.status).toBe(409)
    expect((again.body as unknown as { error: { message: string } }).error.message).toContain(
      'already have a view named "Twice"',
    )
    // The same name on another list is another view.
    expect((await create(vending, { list: 'transactions', name: 'Twice', state: STATE })).status).toBe(200)
    const other = (await create(vending, { list: 'machines', name: 'Once', state: STATE })).body.data.view
    expect((await put(vending, other.id, { name: 'Twice' })).status).toBe(409)
    expect((await put(vending, other.id, { state: { ...STATE, page_size: 7 } })).status).toBe(400)
  })

  it("answers 404 to another entity's owner, and shows them none of this entity's views", async () => {
    const ours = (await create(vending, { list: 'machines', name: 'VEND only', state: STATE, shared: true }))
      .body.data.view
    expect((await put(cpo, ours.id, { default: true })).status).toBe(404)
    expect((await del(cpo, ours.id)).status).toBe(404)
    const theirs = await list(cpo)
    // CPO's owner is an admin of CPO (every permission there): the list answers, without VEND's views.
    expect(theirs.status).toBe(200)
    expect(theirs.body.data.views.map((v) => v.id)).not.toContain(ours.id)
  })
})
