import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/** A real S3-compatible server on a random port with one bucket, `portal`, kept in a temporary folder. */
export async function startS3Server(): Promise<{ url: string; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3rver-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'portal' }],
  })
  const { port } = await server.run()
  return {
    // s3rver accepts these fixed credentials.
    url: `s3://S3RVER:S3RVER@127.0.0.1:${String(port)}/portal?tls=0`,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
