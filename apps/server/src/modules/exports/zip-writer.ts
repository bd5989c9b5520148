import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib'
import type { DeflateRaw } from 'node:zlib'

/**
 * A streaming zip writer (the container of an .xlsx): each entry is deflated by Node's native zlib, which runs on
 * the thread pool, beside the JavaScript that produces the next rows. Sizes and checksums follow each entry in a
 * data descriptor, so nothing is buffered. No zip64: an entry stays under 4 GiB (an xlsx sheet of 1,048,576 rows
 * does, unless rows are several kilobytes wide), and the writer refuses to produce a broken file past it.
 */

interface Entry {
  name: Buffer
  crc: number
  compressedSize: number
  size: number
  offset: number
}

const FLAGS = 0x0808 // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8
const LIMIT = 0xffffffff

/** MS-DOS time and date of `at`, as zip headers keep them. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  }
}

export class ZipWriter {
  private readonly entries: Entry[] = []
  private offset = 0
  private readonly stamp = dosTime(new Date())
  private current: { entry: Entry; deflate: DeflateRaw } | null = null
  private mustDrainOut = false

  constructor(private readonly out: Writable) {}

  private write(chunk: Buffer): void {
    this.offset += chunk.length
    if (!this.out.write(chunk)) this.mustDrainOut = true
  }

  private localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30)
    h.writeUInt32LE(0x04034b50, 0)
    h.writeUInt16LE(20, 4)
    h.writeUInt16LE(FLAGS, 6)
    h.writeUInt16LE(DEFLATE, 8)
    h.writeUInt16LE(this.stamp.time, 10)
    h.writeUInt16LE(this.stamp.date, 12)
    // crc and sizes (14..25) stay zero: they follow the data.
    h.writeUInt16LE(name.length, 26)
    return Buffer.concat([h, name])
  }

  /** Starts an entry whose data arrives in pieces through `push`. */
  open(name: string, level = 6): void {
    if (this.current) throw new Error('zip: close the current entry first')
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    }
    this.write(this.localHeader(entry.name))
    const deflate = createDeflateRaw({ level })
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length
      this.write(chunk)
    })
    this.current = { entry, deflate }
  }

  /** Adds data to the open entry; false when the caller should `await drain()` before pushing more. */
  push(data: string | Buffer): boolean {
    const current = this.current
    if (!current) throw new Error('zip: no open entry')
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    current.entry.crc = crc32(bytes, current.entry.crc)
    current.entry.size += bytes.length
    if (current.entry.size > LIMIT) throw new Error('zip: an entry is larger than 4 GiB')
    return current.deflate.write(bytes) && !this.mustDrainOut
  }

  /** Waits until both the compressor and the file have room again. */
  async drain(): Promise<void> {
    const deflate = this.current?.deflate
    if (deflate?.writableNeedDrain) await once(deflate, 'drain')
    if (this.mustDrainOut) {
      this.mustDrainOut = false
      if (this.out.writableNeedDrain) await once(this.out, 'drain')
    }
  }

  private descriptor(entry: Entry): void {
    if (entry.compressedSize > LIMIT || this.offset > LIMIT)
      throw new Error('zip: the file is larger than 4 GiB')
    const d = Buffer.alloc(16)
    d.writeUInt32LE(0x08074b50, 0)
    d.writeUInt32LE(entry.crc >>> 0, 4)
    d.writeUInt32LE(entry.compressedSize, 8)
    d.writeUInt32LE(entry.size, 12)
    this.write(d)
    this.entries.push(entry)
  }

  /** Ends the open entry once all of its compressed data is written. */
  async close(): Promise<void> {
    const current = this.current
    if (!current) return
    this.current = null
    const ended = once(current.deflate, 'end')
    current.deflate.end()
    await ended
    this.descriptor(current.entry)
    await this.drain()
  }

  /** A small entry, whole. */
  add(name: string, text: string): void {
    if (this.current) throw new Error('zip: close the current entry first')
    const bytes = Buffer.from(text, 'utf8')
    const compressed = deflateRawSync(bytes)
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: crc32(bytes),
      compressedSize: compressed.length,
      size: bytes.length,
      offset: this.offset,
    }
    this.write(this.localHeader(entry.name))
    this.write(compressed)
    this.descriptor(entry)
  }

  /** Writes the central directory; the caller ends the output stream. */
  async finish(): Promise<void> {
    await this.close()
    const start = this.offset
    for (const e of this.entries) {
      const c = Buffer.alloc(46)
      c.writeUInt32LE(0x02014b50, 0)
      c.writeUInt16LE(20, 4)
      c.writeUInt16LE(20, 6)
      c.writeUInt16LE(FLAGS, 8)
      c.writeUInt16LE(DEFLATE, 10)
      c.writeUInt16LE(this.stamp.time, 12)
      c.writeUInt16LE(this.stamp.date, 14)
      c.writeUInt32LE(e.crc >>> 0, 16)
      c.writeUInt32LE(e.compressedSize, 20)
      c.writeUInt32LE(e.size, 24)
      c.writeUInt16LE(e.name.length, 28)
      c.writeUInt32LE(e.offset, 42)
      this.write(Buffer.concat([c, e.name]))
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(this.entries.length, 8)
    end.writeUInt16LE(this.entries.length, 10)
    end.writeUInt32LE(this.offset - start, 12)
    end.writeUInt32LE(start, 16)
    this.write(end)
    await this.drain()
  }
}
