// The Debate mode's view: question box, Interrupt, and one DebateView per debate, fed by SSE
// packets from /api/debate/stream in the route's session (or a new one, then listed). A
// reopened session shows the debates the server stored; a refused debate says why next to the
// button, in the server's words.
import { clearActionError, errorMessage, showActionError } from '../action-error'
import { ensureSession, errorOf } from '../api'
import { showSessionInUrl } from '../app-events'
import { refuseBlank } from '../composer-notes'
import { foreignSessionNotice } from '../foreign-session'
import type { ModeRoute } from '../mode-route'
import { clearSession, loadSession } from '../session'
import { readSessionHistory } from '../session-history'
import { openRouteSession, recordSession } from '../session-list'
import { readPackets } from '../stream'
import type { SessionCredentials } from '../types'
import { DebateView } from './debate-view'
import { storedDebates } from './stored-debates'

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
  const submit = find<HTMLButtonElement>('#debate-form button[type="submit"]')
  const actions = find<HTMLElement>('.debate-actions')
  const interrupt = find<HTMLButtonElement>('#debate-interrupt')
  const output = find<HTMLElement>('#debate-output')
  const foreign = foreignSessionNotice(route, {
    holds: 'debates',
    next: 'A debate started here starts a new session.',
  })
  if (foreign) form.before(foreign)
  const controller = new AbortController()
  let active: SessionCredentials | null = null
  let starting = false
  /** This page's earlier debates (question, conclusion): a follow-up is read with them. */
  const history: HistoryItem[] = []
  let unmounted = false

  const remember = (question: string, conclusion: string | null) => {
    if (conclusion)
      history.push({ role: 'user', content: question }, { role: 'assistant', content: conclusion })
  }

  async function start(text: string): Promise<Response> {
    let session = await ensureSession()
    const earlier = history.slice(-MAX_HISTORY)
    let res = await open(session, text, earlier, controller.signal)
    if (res.status === 401 || res.status === 404) {
      clearSession()
      session = await ensureSession()
      res = await open(session, text, earlier, controller.signal)
    }
    if (!res.ok || !res.body) throw await errorOf(res)
    // URL first: the shell reads the route when the session list changes.
    if (!unmounted) showSessionInUrl('debate', session.id)
    recordSession(session, 'debate', text)
    active = session
    return res
  }

  async function debate(text: string): Promise<void> {
    const res = await start(text)
    const view = new DebateView(text)
    output.append(view.root)
    question.value = ''
    interrupt.disabled = false
    try {
      await readPackets(res.body as ReadableStream<Uint8Array>, (packet) => {
        view.onPacket(packet)
        if (packet.type === 'done') remember(text, conclusionOf(packet.result))
      })
    } finally {
      active = null
      interrupt.disabled = true
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (active || starting || refuseBlank(question)) return
    const text = question.value.trim()
    clearActionError(actions)
    starting = true
    submit.disabled = true
    void debate(text)
      .catch((error: unknown) => {
        if (!unmounted) showActionError(actions, errorMessage(error))
      })
      .finally(() => {
        starting = false
        submit.disabled = false
      })
  })

  interrupt.addEventListener('click', () => {
    const session = active
    if (!session) return
    void fetch('/api/debate/interrupt', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ session_id: session.id }),
    })
  })

  // A reopened session shows the debates the server keeps for it.
  const session = loadSession()
  if (session) {
    void readSessionHistory(session).then((stored) => {
      if (unmounted || !stored || output.childElementCount > 0) return
      for (const debate of storedDebates(stored.messages)) {
        output.append(DebateView.fromStored(debate).root)
        remember(debate.question, debate.conclusion)
      }
      if (stored.running?.kind === 'debate') {
        const note = document.createElement('p')
        note.className = 'debate-status'
        note.setAttribute('role', 'status')
        note.textContent =
          'A debate is still running in this session: reload to see it once it ends.'
        output.append(note)
      }
    })
  }

  return () => {
    unmounted = true
    controller.abort()
    root.replaceChildren()
  }
}
