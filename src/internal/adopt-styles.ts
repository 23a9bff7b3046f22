/**
 * What puts the style sheet `css` into a shadow root: one constructable sheet shared by every root of the window
 * (made again for another window's roots), or a `<style>` element in a browser without constructable stylesheets.
 */
export function styleAdopter(css: string): (root: ShadowRoot) => void {
  let shared: CSSStyleSheet | undefined
  return (root) => {
    const view = root.ownerDocument.defaultView as (Window & { CSSStyleSheet?: typeof CSSStyleSheet }) | null
    if (view?.CSSStyleSheet && 'adoptedStyleSheets' in root) {
      try {
        if (!shared || !(shared instanceof view.CSSStyleSheet)) {
          shared = new view.CSSStyleSheet()
          shared.replaceSync(css)
        }
        if (!root.adoptedStyleSheets.includes(shared)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared]
        return
      } catch {
        // fall through: a browser without constructable stylesheets
      }
    }
    const style = root.ownerDocument.createElement('style')
    style.textContent = css
    root.appendChild(style)
  }
}
