/** Focus helpers for the modal views: what can take the focus inside a dialog, and Tab kept inside it. */

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The dialog's focusable elements in tab order, leaving out those in hidden (inert) carousel slides. */
export function focusableIn(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[inert]'))
}

/** Wraps Tab / Shift+Tab around the dialog's first and last focusable elements. */
export function trapTab(event: KeyboardEvent, dialog: HTMLElement, shadow: ShadowRoot | null): void {
  const items = focusableIn(dialog)
  event.preventDefault()
  if (!items.length) {
    dialog.focus({ preventScroll: true })
    return
  }
  const active = (shadow?.activeElement ?? null) as HTMLElement | null
  const at = active ? items.indexOf(active) : -1
  const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at === -1 || at === items.length - 1 ? 0 : at + 1
  items[next]!.focus({ preventScroll: true })
}
