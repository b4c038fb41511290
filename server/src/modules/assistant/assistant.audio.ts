// The audio a dictation may carry, recognised from its first bytes (a browser's MediaRecorder
// declares webm or mp4, a file picker anything): refused before a byte reaches the service.
import type { Readable } from 'node:stream'
import { badRequest } from '../../http/errors.ts'
import { headLength, mark, prefix, sniffType, type Signature } from '../../lib/sniff.ts'
import { dropRest, peek } from '../../lib/streams.ts'

export const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/wav'] as const
export type AudioType = (typeof AUDIO_TYPES)[number]

const SIGNATURES: Signature<AudioType>[] = [
  prefix('audio/webm', [0x1a, 0x45, 0xdf, 0xa3]), // EBML header (WebM, Matroska)
  prefix('audio/ogg', 'OggS'),
  prefix('audio/mpeg', 'ID3'), // MP3 with its ID3v2 tag first
  { type: 'audio/mpeg', marks: [mark(0, [0xff, 0xe0], [0xff, 0xe0])] }, // MP3 starting on a frame: 11 sync bits
  { type: 'audio/mp4', marks: [mark(4, 'ftyp')] }, // ISO base media (m4a, mp4)
  { type: 'audio/wav', marks: [mark(0, 'RIFF'), mark(8, 'WAVE')] },
]
/** 12: RIFF....WAVE, and the ftyp brand that tells a HEIF photo from an m4a. */
export const AUDIO_HEAD = headLength(SIGNATURES)

// An iPhone photo (HEIC) or an AVIF image is an ISO base media file too: told by its brand.
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis'])

/** What the service is told the file is called: the extension it goes by, no name of the user's. */
const FILE_NAMES: Record<AudioType, string> = {
  'audio/webm': 'dictee.webm', 'audio/ogg': 'dictee.ogg', 'audio/mpeg': 'dictee.mp3', 'audio/mp4': 'dictee.m4a', 'audio/wav': 'dictee.wav',
}

export const audioTypeRefused = () => badRequest('AUDIO_TYPE_REFUSED', undefined, [{ field: 'file', message: 'webm, ogg, mp3, m4a ou wav uniquement' }])

/** Recognises the type from the first bytes: webm (1A 45 DF A3), ogg (OggS), mp3 (ID3, or an MPEG frame sync FF Ex/Fx), m4a/mp4 (bytes 4..7 'ftyp', not an image brand), wav (RIFF....WAVE). null: not audio we take. */
export function sniffAudio(head: Uint8Array): AudioType | null {
  const type = sniffType(SIGNATURES, head)
  if (type === 'audio/mp4' && IMAGE_BRANDS.has(Buffer.from(head.subarray(8, 12)).toString('latin1'))) return null
  return type ?? null
}

/**
 * Wraps an upload stream: reads its first bytes to recognise the type (400 AUDIO_TYPE_REFUSED
 * on `file` otherwise, the rest of the upload read and dropped) and gives back a stream that
 * replays those bytes then the rest, holding no more than the pieces that carried the head.
 * The file name is the type's (dictee.webm…): services go by the extension, and the user's own
 * name has no business leaving the API.
 */
export async function audioStream(upload: { stream: Readable; fileName: string }): Promise<{ stream: Readable; contentType: AudioType; fileName: string }> {
  const { head, stream } = await peek(upload.stream, AUDIO_HEAD)
  const type = sniffAudio(head)
  if (!type) {
    dropRest(stream)
    throw audioTypeRefused()
  }
  return { stream, contentType: type, fileName: FILE_NAMES[type] }
}
