import assert from 'node:assert/strict'
import { test } from 'node:test'
import { extensionOf, safeFileName } from './file-names.ts'

const PDF = 'application/pdf'
const JPEG = 'image/jpeg'
const PNG = 'image/png'

test('the name ends with the extension of the type recognised from the bytes: another one is replaced, none is added to', () => {
  assert.equal(safeFileName('photo-panne.jpg.hta', JPEG), 'photo-panne.jpg')
  assert.equal(safeFileName('photo-panne.hta', JPEG), 'photo-panne.jpg')
  assert.equal(safeFileName('notice.pdf', PNG), 'notice.png')
  assert.equal(safeFileName('evil.exe. . ', PNG), 'evil.png', 'trailing dots and spaces (dropped by Windows) do not hide an extension')
  assert.equal(safeFileName('scan', PDF), 'scan.pdf')
  assert.equal(safeFileName('rapport v2.1', PDF), 'rapport v2.1.pdf', 'a number is no extension')
  assert.equal(safeFileName('.pdf', PDF), 'document.pdf')
  assert.equal(safeFileName('PHOTO.JPEG', JPEG), 'PHOTO.JPEG', 'its own extension is kept as written')
  assert.equal(safeFileName('Notice Schindler 3300 é.pdf', PDF), 'Notice Schindler 3300 é.pdf')
  assert.equal(safeFileName('x', 'application/x-unknown'), 'x.bin')
  assert.deepEqual([extensionOf(PDF), extensionOf(JPEG), extensionOf(PNG)], ['.pdf', '.jpg', '.png'])
})

test('bidirectional, control and other invisible characters are removed', () => {
  // Displayed « factureexe.pdf », saved as .exe without the fix.
  assert.equal(safeFileName('facture\u202Efdp.exe', PDF), 'facturefdp.pdf')
  assert.equal(safeFileName('a\u2066b\u2069c\u200E\u200F\u061C\u200B\uFEFF\u00AD.pdf', PDF), 'abc.pdf')
  assert.equal(safeFileName('a\u0000b\u0007c\u001b\u007f\u0085\u2028\u2029.pdf', PDF), 'abc.pdf')
  assert.equal(safeFileName('a\tb\r\nc.pdf', PDF), 'abc.pdf')
})

test('quotes, backslashes and the characters a Windows name refuses become _', () => {
  assert.equal(safeFileName('x"; filename="evil.html', PDF), 'x_; filename=_evil.pdf')
  assert.equal(safeFileName('a<b>c:d|e?f*g\\h/i.png', PNG), 'a_b_c_d_e_f_g_h_i.png')
})

test('at most 255 UTF-16 units, cut in the base name, never in a character', () => {
  const long = safeFileName(`${'a'.repeat(254)}.exe`, JPEG)
  assert.equal(long.length, 255)
  assert.ok(long.endsWith('a.jpg'))
  const emoji = safeFileName('😀'.repeat(130), PDF)
  assert.ok(emoji.length <= 255 && emoji.endsWith('😀.pdf'))
  assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(emoji))
})
