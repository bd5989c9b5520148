// s3rver ships no types; only what the tests use (test-support/s3-server.ts).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
