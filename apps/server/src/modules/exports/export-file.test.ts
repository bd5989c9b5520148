import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeExportFile } from './export-file'

const dir = mkdtempSync(join(tmpdir(), 'portal-export-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A source that fails before its first row: the file stream is still opening when the write gives up. */
const failing = (): AsyncIterable<{ id: number }> => ({
  [Symbol.asyncIterator]: () => ({
    next: () => Promise.reject(new Error('The list could not be read: connection reset')),
  }),
})

describe('writeExportFile', () => {
  it('has closed its file when it rejects, so removing the partial file leaves nothing behind', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      for (let i = 0; i < 20; i++) {
        const path = join(dir, `failing-${format}-${String(i)}.part`)
        await expect(
          writeExportFile({
            path,
            format,
            title: 'Failing',
            columns: [{ header: 'id', value: (r: { id: number }) => r.id }],
            rows: failing(),
          }),
        ).rejects.toThrow('connection reset')
        await rm(path, { force: true })
        // A stream still opening would create the file after the removal; give it the time to.
        await new Promise((resolve) => setTimeout(resolve, 5))
        expect(existsSync(path), path).toBe(false)
      }
    }
  })
})
