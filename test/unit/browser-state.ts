/** Deletes every cookie and localStorage entry of the test page, so tests start as a first visit. */
export function clearBrowserState(): void {
  localStorage.clear()
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}
