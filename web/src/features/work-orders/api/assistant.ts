// The report form's two helpers from the assistant: codes suggested from what was written
// (suggestBilan, nothing chosen without a tap) and dictation of the notes (transcribeAudio,
// only where getMe says it is on). Both show their errors in place.
import type { Schemas } from '@/lib/api/client'
import { uploadWithProgress } from '@/lib/api/files'
import { useWrite } from '@/lib/api/use-write'

export function useSuggestBilan() {
  return useWrite('post', '/assistant/suggest-bilan', { meta: { inlineError: true } })
}

/** The recording sent as the multipart `file` part; the text comes back to be reviewed. */
export function transcribe(audio: File): Promise<Schemas['TranscriptionResult']> {
  return uploadWithProgress<Schemas['TranscriptionResult']>('/assistant/transcribe', {}, audio)
}
