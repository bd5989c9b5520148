import { describe, expect, it } from 'vitest'
import { place } from './place'

const view = { width: 1000, height: 800 }
const button = { left: 100, top: 100, width: 80, height: 30 }
const panel = { width: 200, height: 150 }

describe('place', () => {
  it('puts the panel on the asked side and alignment, the gap away', () => {
    expect(place(button, panel, view, { placement: 'bottom-start', gap: 6 })).toMatchObject({
      x: 100,
      y: 136,
      placement: 'bottom-start',
    })
    expect(place(button, panel, view, { placement: 'bottom-end', gap: 6 })).toMatchObject({ x: 8, y: 136 })
    expect(place({ ...button, left: 500 }, panel, view, { placement: 'bottom-end' })).toMatchObject({
      x: 380,
    })
    expect(
      place({ ...button, left: 500, top: 400 }, panel, view, { placement: 'top', gap: 5 }),
    ).toMatchObject({
      x: 440,
      y: 245,
      placement: 'top',
    })
    expect(place({ ...button, top: 400 }, panel, view, { placement: 'right-start', gap: 4 })).toMatchObject({
      x: 184,
      y: 400,
    })
  })

  it('shifts along the trigger by the skid', () => {
    expect(place(button, panel, view, { placement: 'bottom-start', skid: 12 }).x).toBe(112)
  })

  it('flips to the other side when the panel does not fit and there is more room there', () => {
    const low = { ...button, top: 700 }
    expect(place(low, panel, view, { placement: 'bottom-start', gap: 6 })).toMatchObject({
      y: 700 - 6 - 150,
      placement: 'top-start',
    })
    // Near the top, a tooltip asked above goes below.
    expect(place(button, panel, view, { placement: 'top', gap: 5 }).placement).toBe('bottom')
  })

  it('stays inside the window, 8 px from its edges', () => {
    expect(place({ ...button, left: 950 }, panel, view, { placement: 'bottom-start' }).x).toBe(792)
    expect(place({ ...button, left: 0 }, panel, view, { placement: 'bottom-end' }).x).toBe(8)
  })

  it('caps the height to the room left on its side', () => {
    const tall = { width: 200, height: 900 }
    const placed = place(button, tall, view, { placement: 'bottom-start', gap: 6, maxHeight: 360 })
    expect(placed.placement).toBe('bottom-start')
    expect(placed.availableHeight).toBe(800 - 130 - 6 - 8)
    const low = place({ ...button, top: 600 }, tall, view, {
      placement: 'bottom-start',
      gap: 6,
      maxHeight: 360,
    })
    // 164 px below, 586 above: it flips and sits 360 px (its cap) above the button.
    expect(low).toMatchObject({ placement: 'top-start', y: 600 - 6 - 360 })
  })
})
