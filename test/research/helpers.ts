// Driving /api/research through the app: requests with a per-file client IP and a bearer token,
// and the run's record as GET returns it.
import { env } from 'cloudflare:test'
import { app } from '../../workers/app'
import type { ResearchRecord } from '../../workers/research'

const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

export interface Started {
  research_id: string
  session_id: string
  status: string
  token: string
}

export function research(path: string, init: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { 'cf-connecting-ip': clientIp }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.token) headers.authorization = `Bearer ${init.token}`
  return app.request(
    `/api/research${path}`,
    {
      method: init.body === undefined && !path.endsWith('/stop') ? 'GET' : 'POST',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    },
    env,
  )
}

export async function startResearch(body: Record<string, unknown>): Promise<Started> {
  const res = await research('', { body })
  if (res.status !== 202) throw new Error(`start answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as Started
}

export async function readRecord(started: Started): Promise<ResearchRecord> {
  const res = await research(`/${started.research_id}`, { token: started.token })
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as ResearchRecord
}

/** Every [n] (and [n][m], [n, m]) of a text. */
export function markersOf(text: string): number[] {
  return [...text.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)].flatMap((m) =>
    (m[1] ?? '').split(',').map((n) => Number(n.trim())),
  )
}
