// The subscribing side of the Redis cache adapter: one connection per process in subscriber
// mode, with a heartbeat that tells how fresh what it has received is. A subscription is
// "live" only while a PING sent on the same connection, after SUBSCRIBE and at most
// SUBSCRIPTION_TRUST_MS ago, has been answered: Redis answers commands and delivers messages
// of one connection in order, so every message published before that PING has been handed to
// the listeners. A connection that stops answering for SUBSCRIPTION_DEAD_MS is dropped and
// made again (a link can die silently, without a close). A subscription that stops being live
// that way (Redis frozen, a link silent) tells its listeners to drop what they kept, as a lost
// connection does: a writer whose announcement could not be sent meanwhile retries it only
// after Redis answers again.
import { performance } from 'node:perf_hooks'
import type { Redis } from 'ioredis'
import type { Subscription, SubscriptionListener } from './cache.ts'

export const SUBSCRIPTION_HEARTBEAT_MS = 1000
/** How old the last answered heartbeat may be for the subscription to be trusted. */
export const SUBSCRIPTION_TRUST_MS = 3000
/** Silence after which the connection is presumed dead and replaced. */
export const SUBSCRIPTION_DEAD_MS = 10_000

interface Channel {
  listeners: Set<SubscriptionListener>
  /** When SUBSCRIBE was sent on the current connection (null: not subscribed on it). */
  since: number | null
}

export class RedisSubscriber {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #channels = new Map<string, Channel>()
  readonly #timer: NodeJS.Timeout
  #connectedAt = 0
  /** Send time of the latest answered PING on the current connection. */
  #lastAck = Number.NEGATIVE_INFINITY
  #connection = 0
  /** The listeners were told to drop what they kept since the last answered PING. */
  #lapsed = false

  /** `redis`: a connection of its own (subscriber mode allows no other command), not yet connected. */
  constructor(redis: Redis, prefix: string) {
    this.#redis = redis
    this.#prefix = prefix
    redis.on('error', () => {})
    redis.on('ready', () => this.#onReady())
    redis.on('close', () => this.#onLost())
    redis.on('message', (channel: string, message: string) => {
      for (const l of this.#channels.get(channel)?.listeners ?? []) l.message(message)
    })
    this.#timer = setInterval(() => this.#beat(), SUBSCRIPTION_HEARTBEAT_MS)
    this.#timer.unref()
    redis.connect().catch(() => {}) // retried by the connection's own strategy
  }

  subscribe(name: string, listener: SubscriptionListener): Subscription {
    const channelName = this.#prefix + name
    let channel = this.#channels.get(channelName)
    if (!channel) {
      this.#channels.set(channelName, channel = { listeners: new Set(), since: null })
      if (this.#redis.status === 'ready') this.#send(channelName, channel)
    }
    channel.listeners.add(listener)
    const ch = channel
    const live = () => {
      const now = performance.now()
      return ch.since !== null && this.#lastAck >= ch.since && now - this.#lastAck <= SUBSCRIPTION_TRUST_MS
    }
    return {
      live,
      async ready(timeoutMs) {
        const until = performance.now() + timeoutMs
        while (!live() && performance.now() < until) await new Promise((r) => setTimeout(r, 5))
        return live()
      },
      close: () => { ch.listeners.delete(listener) },
    }
  }

  #send(name: string, channel: Channel) {
    channel.since = performance.now()
    this.#redis.subscribe(name).catch(() => {}) // a failure here comes with a close
    this.#beat()
  }

  #onReady() {
    this.#connectedAt = performance.now()
    for (const [name, channel] of this.#channels) this.#send(name, channel)
  }

  // Messages published while the connection was down are lost: listeners drop what they kept.
  #onLost() {
    this.#connection++
    this.#lastAck = Number.NEGATIVE_INFINITY
    for (const channel of this.#channels.values()) {
      channel.since = null
      for (const l of channel.listeners) l.reset()
    }
  }

  #beat() {
    if (this.#redis.status !== 'ready') return
    const now = performance.now()
    const connection = this.#connection
    if (!this.#lapsed && this.#lastAck > Number.NEGATIVE_INFINITY && now - this.#lastAck > SUBSCRIPTION_TRUST_MS) {
      this.#lapsed = true
      for (const channel of this.#channels.values()) for (const l of channel.listeners) l.reset()
    }
    if (now - Math.max(this.#lastAck, this.#connectedAt) > SUBSCRIPTION_DEAD_MS) {
      this.#redis.disconnect(true) // 'close' resets the listeners, then it reconnects
      return
    }
    this.#redis.ping().then(() => {
      if (connection === this.#connection && now > this.#lastAck) {
        this.#lastAck = now
        this.#lapsed = false
      }
    }, () => {})
  }

  close() {
    clearInterval(this.#timer)
    this.#redis.disconnect()
  }
}
