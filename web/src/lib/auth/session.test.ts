import { afterEach, describe, expect, it, vi } from 'vitest'

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`
const load = async () => { vi.resetModules(); return (await import('./session')).session }

describe('session at load', () => {
  afterEach(() => localStorage.clear())
  it('marks a stored token that expired meanwhile as an expired session', async () => {
    localStorage.setItem('palier.session', jwt(Math.floor(Date.now() / 1000) - 60))
    const s = await load()
    expect(s.snapshot()).toMatchObject({ token: null, expired: true })
  })
  it('keeps a stored token still valid', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 3600)
    localStorage.setItem('palier.session', token)
    const s = await load()
    expect(s.snapshot()).toMatchObject({ token, expired: false })
  })
  it('starts signed out without a message when nothing was stored', async () => {
    const s = await load()
    expect(s.snapshot()).toMatchObject({ token: null, expired: false })
  })
})
