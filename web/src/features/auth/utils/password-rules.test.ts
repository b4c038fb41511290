import { describe, expect, it } from 'vitest'
import { isActivationToken, passwordProblem } from './password-rules'

describe('passwordProblem', () => {
  it('accepts a password the API accepts', () => {
    expect(passwordProblem('ascenseur42')).toBeNull()
    expect(passwordProblem('12345678')).toBeNull()
    expect(passwordProblem(' espace devant ')).toBeNull()
  })
  it('refuses what the API refuses, saying why', () => {
    expect(passwordProblem('')).toMatch(/Choisissez/)
    expect(passwordProblem('         ')).toMatch(/uniquement d’espaces/)
    expect(passwordProblem('court')).toMatch(/Au moins 8 caractères \(5 saisis\)/)
    expect(passwordProblem('x'.repeat(1025))).toMatch(/au plus/)
  })
  it('counts characters as the API does (an emoji is one)', () => {
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑')).toMatch(/Au moins/)
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑')).toBeNull()
  })
})

describe('isActivationToken', () => {
  it('recognises the token of an invitation link', () => {
    expect(isActivationToken('AbCdEf_123-xyz')).toBe(true)
    expect(isActivationToken(null)).toBe(false)
    expect(isActivationToken('court')).toBe(false)
    expect(isActivationToken('avec espace 123')).toBe(false)
  })
})
