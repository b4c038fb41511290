// The one place environment variables are read. Everything else receives a typed Config.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface Config {
  nodeEnv: 'development' | 'test' | 'production'
  port: number
  host: string
  dataDir: string
  /** The built web client (web/dist); served at / when it exists. */
  webDir: string
  databaseUrl: string | null
  redisUrl: string | null
  redisKeyPrefix: string
  storage: { kind: 'fs' } | { kind: 's3'; endpoint: string | null; region: string; bucket: string; accessKeyId: string; secretAccessKey: string }
  /** null: generated at first start and kept in DATA_DIR/jwt-secret (never a constant). */
  jwtSecret: string | null
  tokenTtlSeconds: number
  demoMode: boolean
  corsOrigin: string | null
  publicUrl: string
  smtp: { url: string; from: string } | null
  adminEmail: string
  logLevel: string
  rateLimitPerMinute: number
  trustProxy: number
  /** Memory for answers of hot reads kept in process (0: none kept). */
  answerCacheMb: number
  /** OpenAI-compatible chat completions for generated answers; null: extractive answers only. */
  assistantLlm: AiService | null
  /** OpenAI-compatible audio transcriptions for dictation; null: dictation off. */
  dictation: AiService | null
  /** Longest wait for an AI service: its answer, or, while audio is sent, between two pieces. */
  aiTimeoutMs: number
  /** On SIGTERM, how long the process keeps serving while not ready, before it stops accepting. */
  shutdownDrainMs: number
  /** Port of the operators' listener serving GET /metrics (Prometheus); null: no metrics. */
  metricsPort: number | null
  /** Interface of the metrics listener. */
  metricsHost: string
}

/** An OpenAI-compatible service: base URL (no trailing slash), model, optional bearer key. */
export interface AiService { url: string; model: string; apiKey: string | null }

export class ConfigError extends Error {}

/** Each variable with the sentence an operator reads in the README and in start-up errors. */
export const CONFIG_DOC: Record<string, string> = {
  NODE_ENV: 'development (default), test or production. Production refuses demo mode and requires JWT_SECRET.',
  PORT: 'HTTP port, 1–65535. Default 3000.',
  HOST: 'Interface to listen on. Default 0.0.0.0; 127.0.0.1 (this machine only) in demo mode.',
  DATA_DIR: 'Folder for the embedded database and stored files. Default ./data.',
  DATABASE_URL: 'postgres:// URL of a PostgreSQL ≥15 server. Unset: embedded PGlite database in DATA_DIR/db.',
  REDIS_URL: 'redis:// URL. Unset: in-process memory cache (one replica only).',
  REDIS_KEY_PREFIX: 'Prefix of every Redis key, to share one Redis between deployments. Default palier:.',
  S3_BUCKET: 'Bucket name. When set, files go to S3-compatible storage instead of DATA_DIR/files.',
  S3_ENDPOINT: 'Endpoint URL of an S3-compatible service (MinIO, Scaleway…). Unset: AWS.',
  S3_REGION: 'Region. Default us-east-1.',
  S3_ACCESS_KEY_ID: 'Access key (required with S3_BUCKET).',
  S3_SECRET_ACCESS_KEY: 'Secret key (required with S3_BUCKET).',
  JWT_SECRET: 'Secret signing access tokens, at least 32 characters. Required in production. Unset elsewhere: a random secret is generated at first start and kept in DATA_DIR/jwt-secret (owner-only).',
  TOKEN_TTL_SECONDS: 'Access-token lifetime in seconds, 300–604800. Default 43200 (12 h, one shift).',
  DEMO_MODE: '1 or 0. Default: on with the embedded database, off with DATABASE_URL. Refused in production.',
  CORS_ORIGIN: 'Allowed browser origin for cross-origin calls. Unset: same origin only.',
  PUBLIC_URL: 'Public base URL used in activation links and on QR labels (the portal pages). Default http://localhost:PORT.',
  WEB_DIR: 'Folder of the built web client served at /. Default web/dist of this repository (built by npm start when stale).',
  ADMIN_EMAIL: 'E-mail of the first administrator invited on an empty store. Default admin@palier.local.',
  SMTP_URL: 'smtp:// or smtps:// URL. When set, invitations are also e-mailed.',
  SMTP_FROM: 'Sender address of e-mails. Default Palier <no-reply@localhost>.',
  RATE_LIMIT_PER_MINUTE: 'Requests per minute allowed to one caller (token, or address without one) on any operation. Default 600.',
  TRUST_PROXY: 'Number of reverse proxies in front of the service (their X-Forwarded-For is trusted for client addresses), or 0. Default 0.',
  ANSWER_CACHE_MB: 'Memory (MB) for answers of frequent reads kept per caller until the next write, 0–4096; 0 keeps none. Default 64. Kept only with REDIS_URL or the embedded database (replicas learn of writes through Redis).',
  ASSISTANT_LLM_URL: 'http(s) base URL of an OpenAI-compatible chat-completions service for generated answers (e.g. http://127.0.0.1:8080/v1), reachable from the API only. Unset: extractive answers, no external service.',
  ASSISTANT_LLM_MODEL: 'Model asked of ASSISTANT_LLM_URL. Default mistral-small.',
  ASSISTANT_LLM_API_KEY: 'Bearer key for ASSISTANT_LLM_URL, if it wants one (visible ASCII, never logged).',
  DICTATION_URL: 'http(s) base URL of an OpenAI-compatible service exposing /audio/transcriptions (e.g. http://127.0.0.1:8000/v1). Unset: dictation off (503).',
  DICTATION_MODEL: 'Model asked of DICTATION_URL. Default whisper-1.',
  DICTATION_API_KEY: 'Bearer key for DICTATION_URL, if it wants one (visible ASCII, never logged).',
  AI_TIMEOUT_MS: 'Longest wait (ms) for ASSISTANT_LLM_URL or DICTATION_URL, 1000–120000: for the answer, or while audio is sent between two pieces of it; past it, 503. Default 20000.',
  SHUTDOWN_DRAIN_MS: 'On SIGTERM or SIGINT, how long (ms, 0–60000) the service keeps answering while /readyz already answers 503, so that a load balancer checking readiness stops sending before the service stops accepting: above the check interval of the balancer times its failure count. Default 0.',
  METRICS_PORT: 'Port of a second listener serving GET /metrics (Prometheus text format) for operators, never reachable on PORT; 1–65535, different from PORT. Unset: no metrics are kept.',
  METRICS_HOST: 'Interface of the metrics listener. Default 127.0.0.1 (this machine only); 0.0.0.0 for a scraper on another machine or container, behind a firewall.',
  LOG_LEVEL: 'fatal, error, warn, info, debug or trace. Default info (silent in tests).',
}

function fail(name: string, why: string): never {
  throw new ConfigError(`Configuration invalide : ${name} ${why}. (${name}: ${CONFIG_DOC[name] ?? ''})`)
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], dflt: T): T {
  const raw = env[name]
  if (raw === undefined || raw === '') return dflt
  if (!(values as readonly string[]).includes(raw)) fail(name, `vaut « ${raw} », attendu : ${values.join(', ')}`)
  return raw as T
}

function int(env: NodeJS.ProcessEnv, name: string, min: number, max: number, dflt: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return dflt
  if (!/^\d+$/.test(raw)) fail(name, `vaut « ${raw} », attendu un entier`)
  const n = Number(raw)
  if (n < min || n > max) fail(name, `vaut ${n}, attendu entre ${min} et ${max}`)
  return n
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return null
  let parsed: URL
  try { parsed = new URL(raw) } catch { fail(name, "n'est pas une URL valide") }
  if (!protocols.includes(parsed.protocol)) fail(name, `doit commencer par ${protocols.join(' ou ')}`)
  return raw
}

// A key goes into an Authorization header: a character a header refuses would make the HTTP
// client throw a message quoting the whole header, key included. Checked here, never echoed.
function secret(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return null
  if (raw.length > 4096 || !/^[\x21-\x7e]+$/.test(raw)) fail(name, 'doit faire au plus 4096 caractères ASCII visibles (sans espace)')
  return raw
}

function aiService(env: NodeJS.ProcessEnv, prefix: string, defaultModel: string): AiService | null {
  const base = url(env, `${prefix}_URL`, ['http:', 'https:'])
  // Unset URL: the feature is off, whatever else is set (a key shared by several deployments).
  if (base === null) return null
  const parsed = new URL(base)
  // fetch refuses credentials in a URL, and a query would end up before the path we append.
  if (parsed.username || parsed.password) fail(`${prefix}_URL`, `ne doit pas contenir d'identifiants : mettez la clé dans ${prefix}_API_KEY`)
  if (parsed.search || parsed.hash) fail(`${prefix}_URL`, 'ne doit contenir ni « ? » ni « # »')
  const model = env[`${prefix}_MODEL`] || defaultModel
  if (model.length > 200 || !/^[\x21-\x7e]+$/.test(model)) fail(`${prefix}_MODEL`, 'doit faire au plus 200 caractères ASCII visibles')
  return { url: base.replace(/\/+$/, ''), model, apiKey: secret(env, `${prefix}_API_KEY`) }
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return null
  if (['1', 'true', 'on', 'yes'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false
  fail(name, `vaut « ${raw} », attendu 1 ou 0`)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'test', 'production'] as const, 'development')
  const production = nodeEnv === 'production'
  const port = int(env, 'PORT', 1, 65535, 3000)
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:'])

  const demoAsked = flag(env, 'DEMO_MODE')
  if (production && demoAsked) fail('DEMO_MODE', 'ne peut pas être actif avec NODE_ENV=production')
  const demoMode = demoAsked ?? (!production && databaseUrl === null)

  // Never a constant: without JWT_SECRET the app generates one and keeps it in DATA_DIR
  // (platform/secrets.ts), so nobody can forge tokens for a server left unconfigured.
  const jwtSecret = env.JWT_SECRET || null
  if (jwtSecret === null && production) fail('JWT_SECRET', 'est obligatoire en production')
  if (jwtSecret !== null && jwtSecret.length < 32) fail('JWT_SECRET', 'doit faire au moins 32 caractères')

  const bucket = env.S3_BUCKET ?? ''
  let storage: Config['storage'] = { kind: 'fs' }
  if (bucket !== '') {
    const accessKeyId = env.S3_ACCESS_KEY_ID ?? ''
    const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? ''
    if (accessKeyId === '') fail('S3_ACCESS_KEY_ID', 'est obligatoire avec S3_BUCKET')
    if (secretAccessKey === '') fail('S3_SECRET_ACCESS_KEY', 'est obligatoire avec S3_BUCKET')
    storage = {
      kind: 's3', bucket, accessKeyId, secretAccessKey,
      endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
      region: env.S3_REGION || 'us-east-1',
    }
  }

  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'])
  const corsOrigin = url(env, 'CORS_ORIGIN', ['http:', 'https:'])
  const metricsPort = env.METRICS_PORT ? int(env, 'METRICS_PORT', 1, 65535, 0) : null
  if (metricsPort === port) fail('METRICS_PORT', `vaut ${port}, le port public (PORT) : le port des métriques doit être distinct`)
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`

  return {
    nodeEnv,
    port,
    // A demo instance hands out one-click Administrateur access: only to this machine,
    // unless the operator names an interface.
    host: env.HOST || (demoMode ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    databaseUrl,
    redisUrl,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'palier:',
    storage,
    jwtSecret,
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 300, 604800, 43200),
    demoMode,
    corsOrigin,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    adminEmail: env.ADMIN_EMAIL || 'admin@palier.local',
    smtp: smtpUrl ? { url: smtpUrl, from: env.SMTP_FROM || 'Palier <no-reply@localhost>' } : null,
    trustProxy: int(env, 'TRUST_PROXY', 0, 10, 0),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1, 1_000_000, 600),
    answerCacheMb: int(env, 'ANSWER_CACHE_MB', 0, 4096, 64),
    assistantLlm: aiService(env, 'ASSISTANT_LLM', 'mistral-small'),
    dictation: aiService(env, 'DICTATION', 'whisper-1'),
    aiTimeoutMs: int(env, 'AI_TIMEOUT_MS', 1000, 120_000, 20_000),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 0, 60_000, 0),
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, nodeEnv === 'test' ? 'silent' : 'info'),
  }
}

/** The configuration of a command-line entry point: a bad setting is printed and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
}
