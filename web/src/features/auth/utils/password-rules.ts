// The rules the API puts on a new password (ActivateRequest: 8 to 1,024 characters, counted
// as the API counts them, by code point; and not made only of spaces), checked before sending
// so the person reads them on the field rather than after a round trip.
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 1024

/** The French message for a password the API would refuse, or null. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length
  if (length === 0) return 'Choisissez un mot de passe.'
  if (password.trim() === '') return 'Le mot de passe ne peut pas être fait uniquement d’espaces.'
  if (length < PASSWORD_MIN) return `Au moins ${PASSWORD_MIN} caractères (${length} saisis).`
  if (length > PASSWORD_MAX) return `${PASSWORD_MAX.toLocaleString('fr-FR')} caractères au plus.`
  return null
}

/** An invitation link's token as the API accepts it (ActivateRequest.token). */
export function isActivationToken(token: string | null): token is string {
  return token !== null && /^[A-Za-z0-9_-]{10,256}$/.test(token)
}
