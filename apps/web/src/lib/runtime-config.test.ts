import { DEFAULT_SERVICE_BASES, runtimeConfig } from '@portal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig, setRuntimeConfig } from './runtime-config'

const full = {
  portal_env: 'uat',
  services: { ...DEFAULT_SERVICE_BASES, bus: 'https://bus.example.com/api' },
  test_mode: true,
  closed_loop_next_refresh_time: true,
  map_tile_url: '',
  map_tile_attribution: 'Tiles',
  sso_enabled: true,
}
const {
  closed_loop_next_refresh_time: _a,
  map_tile_url: _b,
  map_tile_attribution: _c,
  sso_enabled: _d,
  ...minimal
} = full

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('parseRuntimeConfig', () => {
  // Read by hand so the first download has no zod; it must read exactly what the contract's schema reads.
  it.each([
    ['a full configuration', full],
    ['one without the optional fields', minimal],
    ['one with an extra field', { ...full, extra: 1 }],
  ])('reads %s as the contract does', (_, body) => {
    expect(parseRuntimeConfig(body)).toEqual(runtimeConfig.parse(body))
  })

  it.each([
    ['an unknown environment', { ...full, portal_env: 'qa' }],
    ['a missing service', { ...full, services: { main: '/api/main' } }],
    ['a service that is not a string', { ...full, services: { ...full.services, cases: 1 } }],
    ['test_mode missing', { ...minimal, test_mode: undefined }],
    ['a map URL that is not a string', { ...full, map_tile_url: 3 }],
    ['sso_enabled that is not a boolean', { ...full, sso_enabled: 'yes' }],
    ['not an object', 'config'],
  ])('refuses %s, as the contract does', (_, body) => {
    expect(runtimeConfig.safeParse(body).success).toBe(false)
    expect(parseRuntimeConfig(body)).toBeNull()
  })
})

describe('loadRuntimeConfig', () => {
  it('keeps the defaults when the configuration is not in the expected shape', async () => {
    const before = getRuntimeConfig()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ portal_env: 'qa' })))),
    )
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(await loadRuntimeConfig()).toEqual(before)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('takes a configuration that is', async () => {
    const before = getRuntimeConfig()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(full)))),
    )
    expect(await loadRuntimeConfig()).toEqual(runtimeConfig.parse(full))
    setRuntimeConfig(before)
  })
})
