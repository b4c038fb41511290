import { describe, expect, it } from 'vitest'
import { answerSentences, highlight } from './highlight'

const marked = (excerpt: string, answer: string) => highlight(excerpt, answerSentences(answer)).filter((s) => s.marked).map((s) => s.text)

describe('answerSentences', () => {
  it('cuts at line breaks and after the end of a sentence, not inside numbers or codes', () => {
    expect(answerSentences('Régler l’entrefer à 0,4 mm. Serrer à 25 N.m !\nLe code E-214 signale un défaut de frein.'))
      .toEqual(['Régler l’entrefer à 0,4 mm.', 'Serrer à 25 N.m !', 'Le code E-214 signale un défaut de frein.'])
  })

  it('drops empty lines and crumbs', () => {
    expect(answerSentences('\n\nUne phrase.\n  \n.')).toEqual(['Une phrase.'])
  })
})

describe('highlight', () => {
  const excerpt = 'Chapitre 4. Frein. L’entrefer se règle à 0,4 mm\nau moyen de cales. Contrôler ensuite le couple. Voir page 5.'

  it('marks the answer’s sentences where they stand, across a line break of the excerpt', () => {
    expect(marked(excerpt, 'L’entrefer se règle à 0,4 mm au moyen de cales.')).toEqual(['L’entrefer se règle à 0,4 mm\nau moyen de cales.'])
  })

  it('joins sentences that follow each other into one mark and keeps the text whole', () => {
    const segments = highlight(excerpt, answerSentences('L’entrefer se règle à 0,4 mm au moyen de cales.\nContrôler ensuite le couple.'))
    expect(segments.map((s) => s.text).join('')).toBe(excerpt)
    expect(segments).toEqual([
      { text: 'Chapitre 4. Frein. ', marked: false },
      { text: 'L’entrefer se règle à 0,4 mm\nau moyen de cales. Contrôler ensuite le couple.', marked: true },
      { text: ' Voir page 5.', marked: false },
    ])
  })

  it('reads special characters of a sentence literally', () => {
    expect(marked('Code (E-214) ? Frein [bloqué] + 3 $.', 'Code (E-214) ? Frein [bloqué] + 3 $.')).toEqual(['Code (E-214) ? Frein [bloqué] + 3 $.'])
  })

  it('marks nothing when the answer was written by a model rather than taken from the excerpt', () => {
    expect(highlight(excerpt, answerSentences('Il faut régler le frein.'))).toEqual([{ text: excerpt, marked: false }])
  })
})
