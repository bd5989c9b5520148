import { describe, expect, it, vi } from 'vitest'
import { CountCache } from './count-cache'

describe('CountCache', () => {
  it('computes once per scope and filter within the TTL, whatever the page', async () => {
    const cache = new CountCache(10_000)
    const compute = vi.fn(() => Promise.resolve(42))
    expect(await cache.get('VEND', { status: [4] }, compute, 0)).toBe(42)
    expect(await cache.get('VEND', { status: [4] }, compute, 9_999)).toBe(42)
    expect(compute).toHaveBeenCalledTimes(1)
    await cache.get('VEND', { status: [1] }, compute, 0)
    await cache.get('CPO', { status: [4] }, compute, 0)
    expect(compute).toHaveBeenCalledTimes(3)
  })

  it('recomputes after the TTL', async () => {
    const cache = new CountCache(10_000)
    const compute = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2)
    expect(await cache.get('VEND', {}, compute, 0)).toBe(1)
    expect(await cache.get('VEND', {}, compute, 10_000)).toBe(2)
  })

  it('recomputes at once after a write invalidates the scope, and only that scope', async () => {
    const cache = new CountCache(10_000)
    const vend = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2)
    const cpo = vi.fn(() => Promise.resolve(7))
    await cache.get('VEND', {}, vend, 0)
    await cache.get('CPO', {}, cpo, 0)
    cache.invalidate('VEND')
    expect(await cache.get('VEND', {}, vend, 1)).toBe(2)
    expect(await cache.get('CPO', {}, cpo, 1)).toBe(7)
    expect(cpo).toHaveBeenCalledTimes(1)
  })

  it('shares one query between concurrent callers', async () => {
    const cache = new CountCache()
    let resolve: (n: number) => void = () => undefined
    const compute = vi.fn(() => new Promise<number>((r) => (resolve = r)))
    const a = cache.get('VEND', {}, compute, 0)
    const b = cache.get('VEND', {}, compute, 1)
    resolve(5)
    expect(await Promise.all([a, b])).toEqual([5, 5])
    expect(compute).toHaveBeenCalledTimes(1)
  })

  it('does not keep a failed count', async () => {
    const cache = new CountCache()
    const compute = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValueOnce(3)
    await expect(cache.get('VEND', {}, compute, 0)).rejects.toThrow('db down')
    expect(await cache.get('VEND', {}, compute, 1)).toBe(3)
  })

  it('stays bounded', async () => {
    const cache = new CountCache(10_000, 2)
    const compute = vi.fn(() => Promise.resolve(1))
    await cache.get('VEND', 1, compute, 0)
    await cache.get('VEND', 2, compute, 0)
    await cache.get('VEND', 3, compute, 0)
    await cache.get('VEND', 1, compute, 0)
    expect(compute).toHaveBeenCalledTimes(4)
  })
})
