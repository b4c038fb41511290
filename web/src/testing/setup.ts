// jsdom lacks what Mantine measures with.
import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'

afterEach(() => cleanup())

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }),
})
class ResizeObserverStub { observe() {} unobserve() {} disconnect() {} }
;(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub
