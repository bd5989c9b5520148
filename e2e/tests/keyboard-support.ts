import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/** What has the focus, and whether a person can see where it is. */
export interface FocusStop {
  /** Tag, name and focus styles of the focused element, for the failure messages. */
  name: string
  /** An outline, or a ring drawn as a box-shadow with a spread, in a colour that is not transparent. */
  indicated: boolean
  /** The element's centre is the element itself, not something painted over it (a sticky bar, a popover). */
  uncovered: boolean
  /** The element asked for (if any) has the focus. */
  isTarget: boolean
}

/**
 * Reads the focused element in the page. Runs in the browser, so it must not close over anything of this module.
 * `target` is the element a test is tabbing to, or null.
 */
function readFocus(target: Element | null): FocusStop | null {
  const el = document.activeElement
  if (!(el instanceof HTMLElement) || el === document.body) return null
  const style = getComputedStyle(el)
  const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
  const name = `${el.tagName.toLowerCase()} "${label}" (outline: ${style.outline}; box-shadow: ${style.boxShadow})`
  const opaque = (colour: string) => !/^rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent'
  const outline =
    style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && opaque(style.outlineColor)
  // A Tailwind ring: `<colour> 0px 0px 0px <spread>` (inset or not) among the shadows.
  const ring = [...style.boxShadow.matchAll(/(rgba?\([^)]*\)) 0px 0px 0px ([\d.]+)px/g)].some(
    (m) => opaque(m[1] ?? '') && parseFloat(m[2] ?? '0') >= 1,
  )
  const box = el.getBoundingClientRect()
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
  const uncovered =
    hit === null || el === hit || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el)
  // A date input's picker button lives in the browser's own part of the input: the input is then active without
  // matching :focus, and the browser draws the button's ring itself.
  const browserPart = el instanceof HTMLInputElement && !el.matches(':focus')
  return {
    name,
    indicated: outline || ring || browserPart,
    uncovered,
    isTarget: target !== null && target === el,
  }
}

/** The focused element, with a visible indicator and not hidden under anything: fails the test otherwise. */
export async function expectVisibleFocus(page: Page): Promise<FocusStop> {
  const stop = await page.evaluate(readFocus, null)
  expect(stop, 'something has the focus').not.toBeNull()
  const shown = stop as FocusStop
  expect(shown.indicated, `${shown.name} shows that it has the focus`).toBe(true)
  expect(shown.uncovered, `${shown.name} is not covered while it has the focus`).toBe(true)
  return shown
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard-only user would, and checks on the
 * way that every element the focus lands on shows it (issue 12 §4: focus is visible). Fails after `max` stops.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  const handle = await target.elementHandle()
  if (handle === null) throw new Error(`${target.toString()} is not in the page`)
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const stop = await page.evaluate(readFocus, handle)
    expect(stop, `the focus stays in the page after ${seen.join(' → ')}`).not.toBeNull()
    const shown = stop as FocusStop
    seen.push(shown.name)
    expect(shown.indicated, `${seen.join(' → ')} shows that it has the focus`).toBe(true)
    expect(shown.uncovered, `${shown.name} is not covered while it has the focus`).toBe(true)
    if (shown.isTarget) return
  }
  throw new Error(`${target.toString()} not reached in ${String(max)} stops: ${seen.join(' → ')}`)
}

/**
 * Tab and Shift+Tab keep the focus inside `dialog` while it is open (issue 12 §4: dialogs trap focus): one press more
 * than it has controls each way, so the focus has to come round at least once.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const controls = await dialog.locator('a[href], button, input, select, textarea, [tabindex="0"]').count()
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= controls; i++) {
      await page.keyboard.press(key)
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement))
      expect(inside, `${key} ${String(i + 1)} keeps the focus inside the dialog`).toBe(true)
      await expectVisibleFocus(page)
    }
  }
}
