import { describe, expect, it } from 'vitest'
import type { Answer } from '../labels'
import { refusalOf } from './refusal'

const refused = (answer: string, refusalReason: Answer['refusalReason'], missingTerms: string[] = []): Answer =>
  ({ answered: false, answer, mode: 'EXTRACTIVE', refusalReason, missingTerms, citations: [] })

describe('refusalOf', () => {
  it('says « Je ne sais pas » once, then the API’s reason, with the terms not found', () => {
    expect(refusalOf(refused('Je ne sais pas : les documents et rapports indexés n’en parlent pas pour ce qui est demandé (« Schindler »).', 'TERMS_NOT_COVERED', ['Schindler']))).toEqual({
      title: 'Je ne sais pas',
      text: 'Les documents et rapports indexés n’en parlent pas pour ce qui est demandé (« Schindler »).',
      hint: expect.stringContaining('marque'),
      missingTerms: ['Schindler'],
    })
  })

  it('keeps the API’s sentence whole when it does not start with the heading’s words', () => {
    const text = 'Je ne réponds pas aux questions sur les coordonnées ou l’identité des personnes.'
    expect(refusalOf(refused(text, 'PERSONAL_DATA'))).toMatchObject({ title: 'Je ne réponds pas à cette question', text, hint: null })
  })

  it('offers no hint when rewording would not help', () => {
    expect(refusalOf(refused('Je ne sais pas : aucun document ni rapport n’est encore indexé.', 'EMPTY_INDEX')).hint).toBeNull()
  })
})
