// Dictation of the report's notes: what is recorded, where the text goes, and what a failure
// means in French (the microphone refused, missing, or the browser unable to record).
import { ApiError, errorMessage } from '@/lib/api/errors'

/** The contract's limit on the report's notes. */
export const MAX_NOTES = 4000
/** A dictation stops by itself after this long (far under the API's 25 MB of audio). */
export const MAX_RECORDING_MS = 5 * 60_000

/** The recording's type: webm (Opus) where the browser records it, else what it records (mp4 on Safari). */
export function recordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) => isTypeSupported(t))
}

/** The file name the API receives (it recognises the audio from its bytes, not its name). */
export function recordingName(type: string): string {
  const ext = type.startsWith('audio/mp4') ? 'm4a' : type.startsWith('audio/ogg') ? 'ogg' : 'webm'
  return `dictee.${ext}`
}

/** The transcription added after what is already written, on its own line, within the limit. */
export function appendTranscript(notes: string, text: string, max = MAX_NOTES): string {
  const added = text.trim()
  if (!added) return notes
  const before = notes.replace(/\s+$/, '')
  return (before ? `${before}\n${added}` : added).slice(0, max)
}

/** Why dictating failed, said to the technician. */
export function dictationError(e: unknown): string {
  if (e instanceof ApiError) return errorMessage(e)
  const name = e instanceof DOMException || e instanceof Error ? e.name : ''
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'L’accès au micro a été refusé. Autorisez le micro pour ce site dans les réglages du navigateur, puis réessayez.'
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'Aucun micro n’a été trouvé sur cet appareil.'
    case 'NotReadableError':
      return 'Le micro est déjà utilisé par une autre application.'
    case 'NotSupportedError':
      return 'Ce navigateur ne sait pas enregistrer le son : tapez les notes.'
    default:
      return 'La dictée a échoué. Réessayez, ou tapez les notes.'
  }
}
