// Time is injected so that expiry, rate windows and months can be tested.
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock tests can move forward. */
export class ManualClock implements Clock {
  #t: number
  constructor(start: Date | string = new Date()) { this.#t = new Date(start).getTime() }
  now(): Date { return new Date(this.#t) }
  advance(ms: number): void { this.#t += ms }
  set(at: Date | string): void { this.#t = new Date(at).getTime() }
}
