/* Shared table-driven checks for the OCPI schema tests (not part of the package's exports). */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

export type IssuePath = readonly (string | number)[]

/** Removes the field at the path (instead of setting a value). */
export const REMOVE = Symbol('remove')

/** A deep copy of a JSON value with the value at `path` replaced, or removed with `REMOVE`. */
export function changed(value: unknown, path: IssuePath, to: unknown): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(value))
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as Record<
    string | number,
    unknown
  >
  const key = path.at(-1)
  if (key === undefined) return to
  if (to === REMOVE) Reflect.deleteProperty(parent, key)
  else parent[key] = to
  return copy
}

/** The distinct paths of the issues a schema finds in a value (none when it parses). */
export function issuePaths(schema: z.ZodType, value: unknown): IssuePath[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  const seen = new Map<string, IssuePath>()
  for (const issue of result.error.issues) {
    const path = issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))
    seen.set(JSON.stringify(path), path)
  }
  return [...seen.values()]
}

/** A JSON example of the spec: the file (in ./examples), where the spec shows it, and what it is parsed as. */
export interface SpecExample {
  file: string
  section: string
  schema: z.ZodType
  json: unknown
  /** For an example the spec itself gets wrong: exactly the paths refused, and why (see the row). */
  refused?: IssuePath[]
}

/** Every example parses, or (when the spec's example is faulty) is refused at exactly the listed paths. */
export function itParsesSpecExamples(examples: readonly SpecExample[]): void {
  describe('the specification examples', () => {
    it.each(examples)('$file ($section)', ({ schema, json, refused }) => {
      expect(issuePaths(schema, json)).toEqual(refused ?? [])
    })
  })
}

/** A bad object and the one path its only issue must name. */
export interface BadObject {
  name: string
  schema: z.ZodType
  value: unknown
  path: IssuePath
}

/** Each bad object fails, with issues at exactly one path: the field that was broken. */
export function itRefusesBadObjects(rows: readonly BadObject[]): void {
  describe('bad objects', () => {
    it.each(rows)('$name', ({ schema, value, path }) => {
      expect(issuePaths(schema, value)).toEqual([path])
    })
  })
}
