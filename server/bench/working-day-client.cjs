// Each load connection of the working day (bench/working-day.ts) walks the whole list of
// reads in its own order, from its own place: connections that walked in step would ask the
// same URL at the same moment, which no working day does.
'use strict'
const fs = require('node:fs')

const reads = JSON.parse(fs.readFileSync(process.env.PALIER_WORKING_DAY_FILE, 'utf8'))
let connection = 0

// A small seeded generator (mulberry32): the same orders at every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

module.exports = function setupClient(client) {
  const next = random(++connection)
  const order = reads.slice()
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  client.setRequests(order)
}
