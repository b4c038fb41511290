import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api/errors'
import { appendTranscript, dictationError, recordingName, recordingType } from './dictation'

describe('dictation', () => {
  it('records webm where it can, else what the browser records', () => {
    expect(recordingType(() => true)).toBe('audio/webm;codecs=opus')
    expect(recordingType((t) => t === 'audio/mp4')).toBe('audio/mp4')
    expect(recordingType(() => false)).toBeUndefined()
    expect(recordingName('audio/webm;codecs=opus')).toBe('dictee.webm')
    expect(recordingName('audio/mp4')).toBe('dictee.m4a')
  })

  it('adds the transcription on a line of its own, within the notes’ limit', () => {
    expect(appendTranscript('', '  Serrure palière nettoyée. ')).toBe('Serrure palière nettoyée.')
    expect(appendTranscript('Cellule HS.\n\n', 'Remplacée.')).toBe('Cellule HS.\nRemplacée.')
    expect(appendTranscript('Déjà écrit', '   ')).toBe('Déjà écrit')
    expect(appendTranscript('abc', 'defgh', 6)).toBe('abc\nde')
  })

  it('says why dictation failed in French, the API’s own words first', () => {
    expect(dictationError(new DOMException('denied', 'NotAllowedError'))).toMatch(/accès au micro a été refusé/)
    expect(dictationError(new DOMException('none', 'NotFoundError'))).toBe('Aucun micro n’a été trouvé sur cet appareil.')
    expect(dictationError(new ApiError(503, { error: { code: 'DICTATION_DISABLED', message: 'Dictée non activée.' }, requestId: 'r' }))).toBe('Dictée non activée.')
    expect(dictationError(new Error('boom'))).toMatch(/La dictée a échoué/)
  })
})
