// The name a file is offered under (stored at upload, sent at download): what a person reads
// must be what their computer does. A JPEG named `photo-panne.jpg.hta` would be run by Windows
// as an HTML application; `facture\u202Efdp.exe` displays as « factureexe.pdf » and saves as
// `.exe`; `x"; filename="evil.html` would end the header's quoted name. So: no control,
// bidirectional or other invisible character, no character a Windows name refuses, and the
// name ends with the extension of the type recognised from the file's bytes.

/** The extensions of each type a download may carry, the usual one first. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
}
/** For a type without its own extension: opened by nothing. */
const UNKNOWN_EXTENSION = ['.bin']

// Controls (C0, C1), format characters (bidirectional overrides and isolates U+202A–U+202E,
// U+2066–U+2069, marks U+200E/U+200F/U+061C, zero-width spaces and joiners, soft hyphen, BOM…),
// line and paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu
// Refused in Windows names, and the quote and backslash that would break a quoted header value.
const RESERVED = /[<>:"/\\|?*]/g
// The last extension when it names something (holds a letter): `.hta`, `.html`, `.exe`, not `.1`.
const OTHER_EXTENSION = /\.(?=[\p{L}\p{N}]{0,9}\p{L})[\p{L}\p{N}]{1,10}$/u

/** The extension offered for a content type (`.pdf`, `.jpg`, `.png`; `.bin` for any other). */
export function extensionOf(contentType: string): string {
  return (EXTENSIONS[contentType] ?? UNKNOWN_EXTENSION)[0]
}

/**
 * `name` made safe to offer for a file of `contentType`: invisible characters removed, reserved
 * ones replaced with `_`, spaces collapsed, trailing dots and spaces dropped (Windows drops
 * them), and ending with an extension of the type — another extension is replaced, none is
 * added to. At most `maxLength` UTF-16 units, cut in the base name.
 */
export function safeFileName(name: string, contentType: string, maxLength = 255): string {
  const extensions = EXTENSIONS[contentType] ?? UNKNOWN_EXTENSION
  const tidy = (n: string) => n.trim().replace(/[. ]+$/u, '')
  const ownIn = (n: string) => extensions.find((e) => n.length > e.length && n.toLowerCase().endsWith(e))
  let base = tidy(name.normalize('NFC').replace(INVISIBLE, '').replace(RESERVED, '_').replace(/\s+/gu, ' '))
  // Another extension goes (`photo.jpg.hta` → `photo.jpg`); its own is kept as written
  // (`.PDF`, `.jpeg`); without one, the usual one is added.
  if (!ownIn(base)) base = tidy(base.replace(OTHER_EXTENSION, ''))
  const own = ownIn(base)
  const extension = own ? base.slice(-own.length) : extensions[0]
  if (own) base = base.slice(0, -own.length)
  let chars = Array.from(base || 'document')
  while (chars.join('').length + extension.length > maxLength) chars = chars.slice(0, -1)
  return chars.join('') + extension
}
