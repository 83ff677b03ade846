// Builders shared by the sources tests: config, recorded/constructed fixtures, a scripted
// fetch that records requests, and a fake clock whose sleeper advances time instantly.
/// <reference types="vite/client" />
import { inject } from 'vitest'
import { parseConfig, type Config } from '../../workers/config'
import type { FetchLike, Sleeper } from '../../workers/sources'

const arxivFiles = import.meta.glob<string>('../fixtures/arxiv/*.xml', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const crossrefFiles = import.meta.glob<string>('../fixtures/crossref/*.{json,txt}', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const searchFiles = import.meta.glob<string>('../fixtures/search/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
})

function pick(files: Record<string, string>, prefix: string): string {
  const key = Object.keys(files).find((k) => k.split('/').pop()?.startsWith(prefix))
  if (!key) throw new Error(`no fixture starting with ${prefix}`)
  return files[key] ?? ''
}

export const allArxivFixtures = (): [string, string][] =>
  Object.entries(arxivFiles).map(([k, v]) => [k.split('/').pop() ?? k, v])
export const arxivFixture = (prefix: string) => pick(arxivFiles, prefix)
export const crossrefFixture = (prefix: string) => pick(crossrefFiles, prefix)
export const crossrefJson = (prefix: string): unknown => JSON.parse(crossrefFixture(prefix))
export const searchFixture = (prefix: string) => pick(searchFiles, prefix)

/** A fixture PDF's bytes, served by the loopback fake server (not imported: see its fixtures.ts). */
export async function pdfFixture(prefix: string): Promise<Uint8Array> {
  const response = await fetch(
    `${inject('fakeLlmUrl')}/__fixtures/pdf?prefix=${encodeURIComponent(prefix)}`,
  )
  if (!response.ok) throw new Error(`no fixture PDF starting with ${prefix}`)
  return new Uint8Array(await response.arrayBuffer())
}

export function testConfig(vars: Record<string, string> = {}): Config {
  return parseConfig({ CONTACT_EMAIL: 'tests@quire.invalid', ...vars })
}

type Reply = Response | Error | ((url: string, init: RequestInit) => Response | Promise<Response>)

/** A fetch that answers with `replies` in order and records every request it saw. */
export function scriptedFetch(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init })
    const reply = replies.shift()
    if (!reply) throw new Error(`unexpected request to ${url}`)
    if (reply instanceof Error) throw reply
    return typeof reply === 'function' ? reply(url, init) : reply
  }
  return { fetchImpl, calls }
}

/** A fetch that never answers until its signal aborts (for timeouts). */
export const hangingFetch: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    if (init.signal?.aborted) return reject(init.signal.reason)
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true })
  })

export function textResponse(body: string, contentType: string, status = 200, headers = {}) {
  return new Response(body, { status, headers: { 'content-type': contentType, ...headers } })
}

export function jsonResponse(body: unknown, status = 200, headers = {}) {
  return textResponse(JSON.stringify(body), 'application/json', status, headers)
}

/** Virtual time: sleeping advances the clock at once and is recorded. */
export function fakeClock(start = 1_000_000) {
  let now = start
  const sleeps: number[] = []
  const sleep: Sleeper = async (ms) => {
    sleeps.push(ms)
    now += ms
  }
  return { now: () => now, sleep, sleeps, advance: (ms: number) => void (now += ms) }
}

/** The headers a scripted request was sent with (adapters pass plain objects). */
export function headersOf(call: { init: RequestInit } | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>
}
