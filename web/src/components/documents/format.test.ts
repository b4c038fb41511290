import { describe, expect, it } from 'vitest'
import { formatSize } from './format'

describe('formatSize', () => {
  it('writes Ko under a mebibyte, never 0', () => {
    expect(formatSize(10)).toBe('1 Ko')
    expect(formatSize(250_000)).toBe('244 Ko')
  })
  it('writes Mo with one French decimal', () => {
    expect(formatSize(3_500_000)).toBe('3,3 Mo')
    expect(formatSize(20_971_520)).toBe('20 Mo')
  })
})
