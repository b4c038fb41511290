// pg_dump and pg_restore (Debian's postgresql-client) run on the service's DATABASE_URL. The
// password goes to them through the environment (PGPASSWORD): never on their command line,
// which any user of the machine reads in `ps`, and never in what is printed.
import { spawn } from 'node:child_process'
import { BackupError } from './manifest.ts'

export type PgTool = 'pg_dump' | 'pg_restore'

/** The URL without its password, the environment carrying it, and a label fit to print. */
export interface PgConnection { url: string; env: NodeJS.ProcessEnv; label: string; password: string | null }

export function pgConnection(databaseUrl: string, baseEnv: NodeJS.ProcessEnv = process.env): PgConnection {
  const u = new URL(databaseUrl)
  const password = u.password ? decodeURIComponent(u.password) : u.searchParams.get('password')
  u.password = ''
  u.searchParams.delete('password')
  const env: NodeJS.ProcessEnv = { ...baseEnv, PGCONNECT_TIMEOUT: '10' }
  delete env.PGPASSWORD
  if (password) env.PGPASSWORD = password
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres'
  return { url: u.toString(), env, password, label: `database ${database} on ${u.hostname}:${u.port || 5432}` }
}

/**
 * The major version of `tool` as found on PATH; a clear error when it is missing. Debian's
 * /usr/bin/pg_dump (pg_wrapper) runs the newest installed client.
 */
export async function pgToolVersion(tool: PgTool, env: NodeJS.ProcessEnv = process.env): Promise<{ major: number; text: string }> {
  let text: string
  try {
    text = await run(tool, ['--version'], env)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`${tool} was not found on PATH. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer.`)
    }
    throw err
  }
  const m = /\(PostgreSQL\)\s+((\d+)(?:\.\d+)*)/.exec(text)
  if (!m) throw new BackupError(`${tool} --version printed an unexpected answer: ${text.trim().slice(0, 200)}`)
  return { major: Number(m[2]), text: `${tool} ${m[1]}` }
}

/** Refuses a client older than the server (pg_dump refuses it too, less clearly). */
export function requireVersion(tool: PgTool, have: number, need: number, why: string): void {
  if (have < need) {
    throw new BackupError(`${tool} ${have} is too old for ${why} (${need}): install postgresql-client-${need} or newer (Debian: the PGDG apt repository) and put it first on PATH.`)
  }
}

/** pg_dump in custom format (compressed, read by pg_restore), inside an exported snapshot. */
export async function pgDump(conn: PgConnection, file: string, snapshot: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-password', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${conn.url}`], conn.env, conn.password)
}

/**
 * pg_restore into an empty database, in one transaction (a failure leaves it empty), without
 * the source's owners and grants (the target's roles are not the source's: the restoring user
 * owns everything, as the service's user owned it).
 */
export async function pgRestore(conn: PgConnection, file: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${conn.url}`, file], conn.env, conn.password)
}

/** Runs `tool`; its standard output, or an error with the end of its messages (password blanked). */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, password: string | null = null): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout = (stdout + d).slice(-65_536) })
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr = (stderr + d).slice(-8192) })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(stdout)
      const said = password ? stderr.split(password).join('***') : stderr
      reject(new BackupError(`${tool} failed (${signal ?? `exit code ${code}`}):\n${said.trim()}`))
    })
  })
}
