// Entry point: read the configuration, open everything, listen, and close cleanly on a signal.
import { buildApp } from './app.ts'
import { loadConfigOrExit, type Config } from './config.ts'
import { seedDemo } from './seed/demo.ts'

/** Past the drain delay, how long closing may take before the process exits with code 1. */
const SHUTDOWN_WATCHDOG_MS = 10_000

const major = Number(process.versions.node.split('.')[0])
if (major !== 24) {
  console.error(`Palier needs Node 24 (found ${process.version}). Run it through npm (npm start), which uses the pinned node package.`)
  process.exit(1)
}

const config: Config = loadConfigOrExit()

const app = await buildApp(config)
const { fastify, services } = app

if (config.demoMode) {
  const seeded = await seedDemo(app.deps)
  if (seeded) fastify.log.info('demo data seeded')
} else {
  const first = await services.users.ensureFirstAdministrator(config.adminEmail)
  if (first) {
    // Printed once on the console, never through the request log: whoever reads the start
    // output of a brand-new deployment is its operator.
    console.log(`\n  Aucun administrateur actif. Activez le premier compte (${first.email}) avec ce lien,\n  valable jusqu'au ${first.expiresAt.toISOString()} :\n\n  ${first.activationUrl}\n`)
  }
}

// Background work (the monthly preventive generation and its catch-up) once the store holds
// what the start put in it: the demo fleet gets the current month's grids.
await app.start()

// Not ready first (a balancer stops sending), then closed in order (app.close()); the
// watchdog ends a shutdown that hangs all the same.
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  fastify.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down')
  const timer = setTimeout(() => {
    fastify.log.error('shutdown did not end in time: exiting anyway')
    process.exit(1)
  }, config.shutdownDrainMs + SHUTDOWN_WATCHDOG_MS)
  timer.unref()
  app.drain()
  if (config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs))
  try {
    await app.close()
  } catch (err) {
    fastify.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
  fastify.log.info('shut down')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

const local = await fastify.listen({ port: config.port, host: config.host })
// Operators' metrics on their own port, never reachable through the public one.
if (app.metrics && config.metricsPort !== null) {
  await app.metrics.listen(config.metricsPort, config.metricsHost)
  console.log(`Palier metrics on http://${config.metricsHost}:${config.metricsPort}/metrics`)
}
// Fastify answers a loopback URL even for a wildcard host: say what is really exposed.
const wildcard = config.host === '0.0.0.0' || config.host === '::'
const listening = wildcard ? `toutes les interfaces réseau (HOST=${config.host}), port ${config.port} : ${local}/api` : `${local}/api`
// The web client is there when web/dist was built (npm start builds it).
const webClient = app.webClient ? `  Client web : ${local}/` : null
if (config.demoMode) {
  // On the console, not through the request log: whoever starts the process must see that
  // anyone reaching this address can log in as an Administrateur with one click.
  console.log([
    '',
    '  ==================================================================',
    '  MODE DÉMO ACTIF (DEMO_MODE) — demo mode is on',
    '  Des comptes de démonstration à connexion en un clic existent, dont',
    "  un Administrateur : quiconque atteint l'adresse ci-dessous peut s'en servir.",
    `  Écoute sur ${listening}`,
    ...(webClient ? [webClient] : []),
    '  Déploiement réel : DEMO_MODE=0 (et JWT_SECRET, NODE_ENV=production).',
    '  ==================================================================',
    '',
  ].join('\n'))
} else {
  console.log(`Palier API on ${listening} (docs: /api/docs)${webClient ? `; web client at ${local}/` : ''}`)
}
