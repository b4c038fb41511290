// After `vite build`: a Brotli and a gzip copy of every text asset, served by the API
// (@fastify/static preCompressed) to browsers that accept them, with no compression work per
// request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const assets = fileURLToPath(new URL('../dist/assets', import.meta.url))
let raw = 0
let gz = 0
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue
  const file = path.join(assets, name)
  const body = readFileSync(file)
  const gzip = gzipSync(body, { level: 9 })
  writeFileSync(`${file}.gz`, gzip)
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  raw += body.length
  gz += gzip.length
}
console.log(`web/dist/assets: ${(raw / 1024).toFixed(0)} kB, ${(gz / 1024).toFixed(0)} kB gzipped (all chunks; a page loads only its own)`)
