// `npm start` builds the web client only when a source is newer than the last build, so a
// fresh clone gets its client and a later start stays quick (~1 s to decide).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = path.join(root, 'dist', 'index.html')

function newest(p: string): number {
  const s = statSync(p)
  if (!s.isDirectory()) return s.mtimeMs
  let max = 0
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)))
  return max
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', '../contract/openapi.json']
  .map((s) => path.join(root, s)).filter(existsSync)
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs
if (stale) {
  console.log('Construction du client web (web/dist)…')
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}
