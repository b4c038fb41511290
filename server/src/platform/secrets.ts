// Opaque secrets handed to people (activation links, tracking tokens): 256 random bits,
// only their SHA-256 is stored, so a copy of the database opens nothing.
import { createHash, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/**
 * A secret kept in `file`: read when it exists, otherwise generated (256 random bits) and
 * written readable by the owner only. Written aside then linked into place, so the file is
 * never seen half-written and two processes starting on one folder agree on one secret.
 */
export async function storedSecret(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const fresh = newSecret()
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(aside, `${fresh}\n`, { mode: 0o600, flag: 'wx' })
  try {
    await link(aside, file)
    return fresh
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    await unlink(aside)
  }
  const kept = (await readFile(file, 'utf8')).trim()
  // A truncated or hand-edited file must not silently weaken every token.
  if (kept.length < 32) throw new Error(`${file} holds no usable secret (under 32 characters): delete it to generate a new one`)
  return kept
}
