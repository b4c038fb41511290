// `npm run backup -- <dir>` and `npm run restore -- <dir>` (docs/backups.md), with the
// service's own configuration (DATABASE_URL, DATA_DIR, S3_*). Exit code 0 when done, 1 on any
// failure, with a message that never holds a password or a key.
import path from 'node:path'
import { loadConfigOrExit, type Config } from '../config.ts'
import { runBackup } from './backup.ts'
import { BackupError } from './manifest.ts'
import { runRestore } from './restore.ts'

const [command, folder, ...extra] = process.argv.slice(2)
if (!['backup', 'restore'].includes(command) || !folder || extra.length) {
  console.error('Usage: npm run backup -- <folder>   (a new or empty folder)\n       npm run restore -- <folder>  (a backup, into an empty database and storage)')
  process.exit(2)
}

const major = Number(process.versions.node.split('.')[0])
if (major !== 24) {
  console.error(`Palier needs Node 24 (found ${process.version}). Run it through npm (npm run ${command}), which uses the pinned node package.`)
  process.exit(1)
}

// npm runs the script in server/: relative paths (the folder, DATA_DIR) are the caller's, as
// for `npm start` at the repository's root.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)

const config: Config = loadConfigOrExit()

const decoded = (s: string) => { try { return decodeURIComponent(s) } catch { return s } }

/** Blanks every secret of the configuration a message might quote. */
function scrub(text: string): string {
  const password = config.databaseUrl ? new URL(config.databaseUrl).password : ''
  const secrets = [
    password,
    decoded(password),
    config.databaseUrl ?? '',
    config.storage.kind === 's3' ? config.storage.secretAccessKey : '',
    config.storage.kind === 's3' ? config.storage.accessKeyId : '',
    config.jwtSecret ?? '',
  ].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)
  return secrets.reduce((t, s) => t.split(s).join('***'), text)
}

const out = {
  info: (line: string) => console.log(scrub(line)),
  warn: (line: string) => console.error(scrub(`WARNING: ${line}`)),
}

try {
  const dir = path.resolve(folder)
  await (command === 'backup' ? runBackup(config, dir, out) : runRestore(config, dir, out))
  process.exit(0)
} catch (err) {
  const message = err instanceof BackupError ? err.message : `${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}`
  console.error(scrub(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${message}`))
  process.exit(1)
}
