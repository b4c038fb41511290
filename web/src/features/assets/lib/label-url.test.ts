import { describe, expect, it } from 'vitest'
import { portalUrl, printedUrl, svgDataUrl } from './label-url'

describe('QR label URL', () => {
  it('points at the elevator’s portal page under PUBLIC_URL', () => {
    expect(portalUrl('https://ascenseurs.example', 'LYO-PD-A1')).toBe('https://ascenseurs.example/p/LYO-PD-A1')
    expect(portalUrl('https://ascenseurs.example/palier/', 'PAR_1.2')).toBe('https://ascenseurs.example/palier/p/PAR_1.2')
  })

  it('encodes the SVG so the data URL survives any character of the markup', () => {
    const url = svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1#"/></svg>')
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true)
    expect(url).not.toMatch(/[<>"#]/)
    expect(decodeURIComponent(url.split(',')[1])).toContain('d="M0 0h1#"')
  })

  it('prints the address without its scheme', () => {
    expect(printedUrl('https://ascenseurs.example/p/A1')).toBe('ascenseurs.example/p/A1')
  })
})
