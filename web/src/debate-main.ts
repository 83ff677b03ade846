// The Debate mode's entry point (debate.html): question box, Interrupt, and one DebateView per
// debate, fed by SSE packets from /api/debate/stream in the stored session.
import { ensureSession, ApiError } from './api'
import { DebateView } from './debate-view'
import { clearSession } from './session'
import { readPackets } from './stream'
import type { SessionCredentials } from './types'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const form = byId<HTMLFormElement>('debate-form')
const question = byId<HTMLTextAreaElement>('debate-question')
const interrupt = byId<HTMLButtonElement>('debate-interrupt')
const output = byId<HTMLElement>('debate-output')

let active: { session: SessionCredentials; controller: AbortController } | null = null

async function open(session: SessionCredentials, text: string, signal: AbortSignal) {
  return fetch('/api/debate/stream', {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${session.token}`,
    },
    body: JSON.stringify({ question: text, history: [], session_id: session.id }),
  })
}

async function debate(text: string): Promise<void> {
  const view = new DebateView()
  output.append(view.root)
  const controller = new AbortController()
  let session = await ensureSession()
  let res = await open(session, text, controller.signal)
  if (res.status === 401 || res.status === 404) {
    clearSession()
    session = await ensureSession()
    res = await open(session, text, controller.signal)
  }
  if (!res.ok || !res.body) throw new ApiError(res.status, `Debate failed (${res.status})`)
  active = { session, controller }
  interrupt.disabled = false
  try {
    await readPackets(res.body, (packet) => view.onPacket(packet))
  } finally {
    active = null
    interrupt.disabled = true
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  const text = question.value.trim()
  if (!text || active) return
  void debate(text).catch((error: unknown) => {
    output.append(
      Object.assign(document.createElement('p'), {
        className: 'debate-error',
        textContent: String(error),
      }),
    )
  })
})

interrupt.addEventListener('click', () => {
  if (!active) return
  const { session } = active
  void fetch('/api/debate/interrupt', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ session_id: session.id }),
  })
})
