// Opaque secrets handed to people (activation links, tracking tokens): 256 random bits,
// only their SHA-256 is stored, so a copy of the database opens nothing.
import { createHash, randomBytes } from 'node:crypto'

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
