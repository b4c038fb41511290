import { afterEach, describe, expect, it } from 'vitest'
import { publicUrl } from './public-url'

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="palier-public-url"]')?.remove()
  if (content === null) return
  const meta = document.createElement('meta')
  meta.name = 'palier-public-url'
  meta.content = content
  document.head.append(meta)
}

describe('publicUrl', () => {
  afterEach(() => setMeta(null))

  it('reads the address the server wrote, without a trailing slash', () => {
    setMeta('https://ascenseurs.example/palier/')
    expect(publicUrl()).toBe('https://ascenseurs.example/palier')
  })

  it('falls back to the page origin on the placeholder or with no tag', () => {
    setMeta('__PALIER_PUBLIC_URL__')
    expect(publicUrl()).toBe(window.location.origin)
    setMeta(null)
    expect(publicUrl()).toBe(window.location.origin)
  })

  it('ignores anything but http(s)', () => {
    setMeta('javascript:alert(1)')
    expect(publicUrl()).toBe(window.location.origin)
  })
})
