// Recording a dictation with the browser's MediaRecorder, then sending it to transcribeAudio.
// The microphone is released as soon as the recording stops (or the form goes away).
import { useEffect, useRef, useState } from 'react'
import { transcribe } from '../api/assistant'
import { dictationError, MAX_RECORDING_MS, recordingName, recordingType } from '../lib/dictation'

export type DictationState = 'idle' | 'recording' | 'sending'

export function useDictation(onText: (text: string) => void) {
  const [state, setState] = useState<DictationState>('idle')
  const [error, setError] = useState<string | null>(null)
  const [startedAt, setStartedAt] = useState(0)
  const recorder = useRef<MediaRecorder | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const onTextRef = useRef(onText)
  onTextRef.current = onText

  const release = () => {
    window.clearTimeout(timer.current)
    recorder.current?.stream.getTracks().forEach((t) => t.stop())
  }
  // Leaving the page mid-recording: stop listening, send nothing.
  useEffect(() => () => {
    if (recorder.current) { recorder.current.ondataavailable = null; recorder.current.onstop = null }
    release()
  }, [])

  async function start() {
    setError(null)
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new DOMException('', 'NotSupportedError')
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const type = recordingType((t) => MediaRecorder.isTypeSupported(t))
      const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined)
      const chunks: Blob[] = []
      rec.ondataavailable = (e) => { if (e.data.size > 0) chunks.push(e.data) }
      rec.onstop = () => {
        release()
        recorder.current = null
        const mime = rec.mimeType || type || 'audio/webm'
        void send(new File(chunks, recordingName(mime), { type: mime.split(';')[0] }))
      }
      recorder.current = rec
      rec.start()
      setStartedAt(Date.now())
      setState('recording')
      timer.current = window.setTimeout(() => stop(), MAX_RECORDING_MS)
    } catch (e) {
      release()
      recorder.current = null
      setError(dictationError(e))
      setState('idle')
    }
  }

  function stop() {
    if (recorder.current?.state === 'recording') recorder.current.stop()
  }

  async function send(audio: File) {
    setState('sending')
    try {
      const { text } = await transcribe(audio)
      if (text.trim()) onTextRef.current(text)
      else setError('Rien n’a été compris : parlez plus près du micro, puis réessayez.')
    } catch (e) {
      setError(dictationError(e))
    } finally {
      setState('idle')
    }
  }

  return { state, error, startedAt, start, stop }
}
