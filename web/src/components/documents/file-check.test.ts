import { describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES, refusalOf } from './file-check'

const withHead = (head: number[], size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return new Blob([bytes])
}
const PDF = [...'%PDF-1.7'].map((c) => c.charCodeAt(0))

describe('refusalOf', () => {
  it('takes PDF, JPG and PNG by their first bytes, whatever the name', async () => {
    expect(await refusalOf(withHead(PDF, 2048))).toBeNull()
    expect(await refusalOf(withHead([0xff, 0xd8, 0xff, 0xe0], 1024))).toBeNull()
    expect(await refusalOf(withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 1024))).toBeNull()
  })
  it('refuses a text file, an empty file or a truncated signature, in the API’s words', async () => {
    const refused = 'Type de fichier refusé : PDF, JPG ou PNG uniquement.'
    expect(await refusalOf(new File(['Ceci est un texte.\n'], 'faux.pdf', { type: 'application/pdf' }))).toBe(refused)
    expect(await refusalOf(new Blob([]))).toBe(refused)
    expect(await refusalOf(withHead([0x89, 0x50, 0x4e], 3))).toBe(refused)
  })
  it('takes exactly 20 Mo, refuses one byte more with the file’s size', async () => {
    expect(MAX_DOCUMENT_BYTES).toBe(20_971_520)
    expect(await refusalOf(withHead(PDF, MAX_DOCUMENT_BYTES))).toBeNull()
    expect(await refusalOf(withHead(PDF, MAX_DOCUMENT_BYTES + 1))).toBe('Fichier trop volumineux (plus de 20 Mo) : 20 Mo au plus.')
    expect(await refusalOf(withHead(PDF, 25 * 1024 * 1024))).toBe('Fichier trop volumineux (25 Mo) : 20 Mo au plus.')
  })
})
