import { useSyncExternalStore } from 'react'

/**
 * A tiny history router: the path is `location.pathname`, `navigate` pushes a state (the SDK's route tracking sends
 * the `$page_view`), and the back button re-renders through `popstate`.
 */
const ROUTE_CHANGED = 'demo:route'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(ROUTE_CHANGED, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(ROUTE_CHANGED, onChange)
  }
}

const currentPath = () => window.location.pathname

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath)
}

export function navigate(path: string): void {
  if (path === currentPath()) return
  window.history.pushState({}, '', path)
  window.dispatchEvent(new Event(ROUTE_CHANGED))
  window.scrollTo(0, 0)
}
