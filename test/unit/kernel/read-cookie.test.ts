import { describe, expect, it } from 'vitest'
import { readCookie } from '../../../src/kernel/storage/cookies'

/** The reader readCookie replaced: split the text at `;`, trim each part's start, the first `name=` part wins. */
function splitReader(text: string, name: string): string | null {
  const prefix = name + '='
  for (let part of text.split(';')) {
    part = part.trimStart()
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length))
      } catch {
        return null
      }
    }
  }
  return null
}

describe('readCookie (search instead of split)', () => {
  it('answers as the split reader on generated cookie texts and names', () => {
    const pieces = ['a', 'b', '=', ';', ' ', '\t', '\n', '%', '%2', '%41', 'ab', '_h', '\u00a0', '\ufeff', 'x=1', 'a=b; ']
    const namePieces = ['a', 'b', 'ab', '_h', ' ', '=', '\t']
    // xorshift32: a fixed sequence of texts
    let seed = 2463534242
    const next = (n: number) => {
      seed ^= seed << 13
      seed ^= seed >>> 17
      seed ^= seed << 5
      return (seed >>> 0) % n
    }
    let found = 0
    for (let k = 0; k < 100_000; k++) {
      let text = ''
      for (let i = next(14); i > 0; i--) text += pieces[next(pieces.length)]
      // a cookie name: no `;` and no leading whitespace (the names the SDK reads are constants like `_hackle_uid_…`)
      let name = ''
      for (let i = next(3); i > 0; i--) name += namePieces[next(namePieces.length)]
      name = name.trimStart()
      const expected = splitReader(text, name)
      if (expected !== null) found++
      expect(readCookie(text, name), JSON.stringify([text, name])).toBe(expected)
    }
    // the generated texts hold the names often enough for the comparison to mean something
    expect(found).toBeGreaterThan(2_000)
  })

  it('finds a cookie only where one starts, the first one, and decodes it', () => {
    const text = 'x_hackle_uid=no; other=_hackle_uid=no;  _hackle_uid=m%20one; _hackle_uid=second; last=%E0%A4%A'
    expect(readCookie(text, '_hackle_uid')).toBe('m one')
    expect(readCookie(text, 'last')).toBeNull()
    expect(readCookie(text, 'missing')).toBeNull()
    expect(readCookie('solo=1', 'solo')).toBe('1')
    expect(readCookie('', 'solo')).toBeNull()
  })
})
