// What a file is, from its first bytes: never from its name or the type the client declares.
// A signature is a set of marks (bytes expected at an offset, some bits masked), so that a
// type can be told by a magic number further in (RIFF....WAVE, ....ftyp) or by a few bits
// (an MPEG audio frame's sync word).

export interface Mark { at: number; bytes: readonly number[]; mask?: readonly number[] }
export interface Signature<T> { type: T; marks: readonly Mark[] }

const asBytes = (b: readonly number[] | string) => (typeof b === 'string' ? [...b].map((c) => c.charCodeAt(0)) : b)

/** A mark of bytes (or ASCII text) at `at`. */
export const mark = (at: number, bytes: readonly number[] | string, mask?: readonly number[]): Mark => ({ at, bytes: asBytes(bytes), mask })
/** A signature made of the file's first bytes. */
export const prefix = <T>(type: T, bytes: readonly number[] | string): Signature<T> => ({ type, marks: [mark(0, bytes)] })

/** How many first bytes decide between `signatures`. */
export function headLength(signatures: readonly Signature<unknown>[]): number {
  return Math.max(...signatures.flatMap((s) => s.marks.map((m) => m.at + m.bytes.length)))
}

/** 'yes': every mark is there; 'maybe': none contradicted, some beyond `head`; 'no'. */
function judge(signature: Signature<unknown>, head: Uint8Array): 'yes' | 'maybe' | 'no' {
  let verdict: 'yes' | 'maybe' = 'yes'
  for (const m of signature.marks) {
    for (let i = 0; i < m.bytes.length; i++) {
      const at = m.at + i
      if (at >= head.length) { verdict = 'maybe'; continue }
      const mask = m.mask?.[i] ?? 0xff
      if ((head[at] & mask) !== (m.bytes[i] & mask)) return 'no'
    }
  }
  return verdict
}

/** The type of the first signature `head` holds entirely; undefined when none (or not yet known). */
export function sniffType<T>(signatures: readonly Signature<T>[], head: Uint8Array): T | undefined {
  return signatures.find((s) => judge(s, head) === 'yes')?.type
}

/** Whether more bytes could still make `head` one of `signatures` (it contradicts one of them nowhere). */
export function couldBecome(signatures: readonly Signature<unknown>[], head: Uint8Array): boolean {
  return signatures.some((s) => judge(s, head) === 'maybe')
}
