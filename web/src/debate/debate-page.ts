// The Debate mode's view: question box, Interrupt, and one DebateView per debate, fed by SSE
// packets from /api/debate/stream in the route's session (or a new one, then listed).
import { ApiError, ensureSession } from '../api'
import { showSessionInUrl } from '../app-events'
import type { ModeRoute } from '../mode-route'
import { clearSession } from '../session'
import { openRouteSession, recordSession } from '../session-list'
import { readPackets } from '../stream'
import type { SessionCredentials } from '../types'
import { DebateView } from './debate-view'

const TEMPLATE = `
<h1 class="mode-title">Two-scientist debate</h1>
<p class="mode-lede">An optimist and a reviewer argue a question from retrieved evidence until
they reach a viable solution, are interrupted, or run out of turns.</p>
<form id="debate-form" class="debate-form">
  <label for="debate-question">Question for the two scientists</label>
  <textarea id="debate-question" rows="3" maxlength="4000" required data-composer></textarea>
  <div class="debate-actions">
    <button type="submit" class="primary">Debate</button>
    <button id="debate-interrupt" type="button" class="secondary" data-stop disabled>Interrupt</button>
  </div>
</form>
<div id="debate-output"></div>`

/** Earlier messages sent with a debate (the API takes up to 50). */
const MAX_HISTORY = 20

interface HistoryItem {
  role: 'user' | 'assistant'
  content: string
}

/** The conclusion a finished debate's `done` payload carries, if any. */
function conclusionOf(result: unknown): string | null {
  const conclusion = (result as { conclusion?: unknown } | null)?.conclusion
  return typeof conclusion === 'string' && conclusion ? conclusion : null
}

async function open(
  session: SessionCredentials,
  text: string,
  history: HistoryItem[],
  signal: AbortSignal,
) {
  return fetch('/api/debate/stream', {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${session.token}`,
    },
    body: JSON.stringify({ question: text, history, session_id: session.id }),
  })
}

export function mountDebate(root: HTMLElement, route: ModeRoute): () => void {
  openRouteSession(route.session)
  root.innerHTML = TEMPLATE
  const find = <T extends HTMLElement>(selector: string) => root.querySelector(selector) as T
  const form = find<HTMLFormElement>('#debate-form')
  const question = find<HTMLTextAreaElement>('#debate-question')
  const interrupt = find<HTMLButtonElement>('#debate-interrupt')
  const output = find<HTMLElement>('#debate-output')
  let active: { session: SessionCredentials; controller: AbortController } | null = null
  /** This page's earlier debates (question, conclusion): a follow-up is read with them. */
  const history: HistoryItem[] = []
  let unmounted = false

  async function debate(text: string): Promise<void> {
    const view = new DebateView(text)
    output.append(view.root)
    const controller = new AbortController()
    let session = await ensureSession()
    const earlier = history.slice(-MAX_HISTORY)
    let res = await open(session, text, earlier, controller.signal)
    if (res.status === 401 || res.status === 404) {
      clearSession()
      session = await ensureSession()
      res = await open(session, text, earlier, controller.signal)
    }
    if (!res.ok || !res.body) throw new ApiError(res.status, `Debate failed (${res.status})`)
    // URL first: the shell reads the route when the session list changes.
    if (!unmounted) showSessionInUrl('debate', session.id)
    recordSession(session, 'debate', text)
    active = { session, controller }
    interrupt.disabled = false
    try {
      await readPackets(res.body, (packet) => {
        view.onPacket(packet)
        const conclusion = packet.type === 'done' ? conclusionOf(packet.result) : null
        if (conclusion)
          history.push({ role: 'user', content: text }, { role: 'assistant', content: conclusion })
      })
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
      if (unmounted) return
      const note = Object.assign(document.createElement('p'), {
        className: 'debate-error',
        textContent: String(error),
      })
      note.setAttribute('role', 'alert')
      output.append(note)
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

  return () => {
    unmounted = true
    active?.controller.abort()
    root.replaceChildren()
  }
}
