// The Ask mode: intro (collapsed once a question is asked), conversation thread, composer with
// Stop; the session comes from the route (or a new one), is listed in this browser's sessions
// and shown in the URL. Each finished answer is rendered by outcome.ts.
import { reportAnswerMode, showSessionInUrl } from '../app-events'
import { startAsk, stopRun } from '../api'
import { refuseBlank } from '../composer-notes'
import { foreignSessionNotice } from '../foreign-session'
import { loadPastTurns } from '../history'
import type { ModeRoute } from '../mode-route'
import { finalStatus, noticesFor } from '../notices'
import { openRouteSession, recordSession } from '../session-list'
import { readPackets } from '../stream'
import type { AnswerPayload, AnswerSource, Packet, SessionCredentials } from '../types'
import { askTemplate } from './ask-template'
import { showOutcome } from './outcome'
import { toSource } from './sources'
import { TurnView } from './turn-view'

/** After a stop, the server's closing packet is awaited this long before the page stops alone. */
const STOP_WAIT_MS = 10_000

/** A stopped turn shows the partial text the server kept and the sources it cites. */
function showStopped(view: TurnView, result: unknown): void {
  const kept = result as { answer?: unknown; text?: unknown; sources?: unknown } | null
  const partial = kept?.answer ?? kept?.text
  if (typeof partial === 'string') view.setAnswer(partial)
  if (Array.isArray(kept?.sources)) view.setSources(kept.sources as AnswerSource[])
  view.setState('stopped', 'Stopped.')
}

/** Packets that change what a turn shows; after Stop only the server's closing one counts. */
const LIVE: ReadonlySet<Packet['type']> = new Set([
  'status',
  'token',
  'replace',
  'citation',
  'sources',
])

function isPayload(value: unknown): value is AnswerPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AnswerPayload).answer === 'string'
  )
}

export function mountAsk(root: HTMLElement, route: ModeRoute): () => void {
  openRouteSession(route.session)
  root.innerHTML = askTemplate
  const find = <T extends HTMLElement>(selector: string) => root.querySelector(selector) as T
  const form = find<HTMLFormElement>('#ask-form')
  const question = find<HTMLTextAreaElement>('#question')
  const askButton = find<HTMLButtonElement>('#ask-button')
  const stopButton = find<HTMLButtonElement>('#stop-button')
  const thread = find<HTMLOListElement>('#thread')
  const intro = find<HTMLDetailsElement>('#intro')
  const foreign = foreignSessionNotice(route, {
    holds: 'conversation',
    next: 'Asking a question here starts a new conversation.',
  })
  if (foreign) intro.after(foreign)
  let unmounted = false
  let active: {
    controller: AbortController
    /** Settles once the run has started on the server (null: it never did). */
    started: Promise<SessionCredentials | null>
    view: TurnView
    stopping: boolean
  } | null = null
  let turns = 0

  function addTurn(text: string): TurnView {
    turns += 1
    const view = new TurnView(text, turns)
    thread.append(view.root)
    // Once there is a conversation the intro folds away (it stays one tap from reopening).
    intro.open = false
    root.classList.add('has-turns')
    return view
  }

  function onPacket(view: TurnView, packet: Packet): void {
    // Stopped on the page: the answer stays as it was at the click until the server's account.
    if (active?.view === view && active.stopping && LIVE.has(packet.type)) return
    switch (packet.type) {
      case 'status':
        return view.setStatus(packet.message)
      case 'token':
        return view.appendText(packet.text)
      case 'replace':
        return view.withdrawText()
      case 'citation':
        return view.addSource(toSource(packet.source))
      case 'sources':
        return view.setSources(packet.sources.map(toSource))
      case 'error':
        return view.setState('error', packet.message)
      case 'done': {
        // The server's account of a stopped turn: exactly the text it kept.
        if (packet.stopped) return showStopped(view, packet.result)
        // Stopped after its last word: the whole text stands (without the later extras).
        if ((packet.result as { stopped?: unknown } | null)?.stopped === false) {
          showStopped(view, packet.result)
          return view.setState('done', 'Done.')
        }
        if (!isPayload(packet.result)) return view.setState('done', 'Done.')
        const result = packet.result
        reportAnswerMode({ mode: result.mode, model: result.model, fallbacks: result.fallbacks })
        // An error reported mid-stream stays the turn's status even if an answer follows.
        const failure = view.root.dataset.state === 'error' ? view.status : null
        showOutcome(view, result, (q) => void ask(q))
        return failure ? view.setState('error', failure) : undefined
      }
      default:
        return undefined
    }
  }

  function setBusy(busy: boolean): void {
    askButton.disabled = busy
    stopButton.hidden = !busy
    stopButton.disabled = false
    question.setAttribute('aria-busy', String(busy))
  }

  async function ask(text: string): Promise<void> {
    const query = text.trim()
    if (!query || active || unmounted) return
    const view = addTurn(query)
    view.root.scrollIntoView({ behavior: 'smooth', block: 'start' })
    const controller = new AbortController()
    let started: (session: SessionCredentials | null) => void = () => undefined
    active = {
      controller,
      started: new Promise((resolve) => (started = resolve)),
      view,
      stopping: false,
    }
    setBusy(true)
    try {
      const { session, body } = await startAsk(query, controller.signal).catch((error) => {
        started(null)
        throw error
      })
      started(session)
      // URL first: the shell reads the route when the session list changes.
      if (!unmounted) showSessionInUrl('ask', session.id)
      recordSession(session, 'ask', query)
      await readPackets(body, (packet) => onPacket(view, packet))
      // No `done` packet: the answer is incomplete, never "ready".
      if (view.root.dataset.state === 'streaming')
        view.setState('error', 'The answer stopped before it was complete.')
    } catch (error) {
      // Aborted only when the server could not be told to stop: the page stops on its own.
      if (controller.signal.aborted) view.setState('stopped', 'Stopped.')
      else view.setState('error', (error as Error).message)
    } finally {
      active = null
      if (!unmounted) setBusy(false)
    }
  }

  /**
   * Stop freezes the turn as stopped at once, asks the server to end the run and keeps reading: the stream ends with the server's
   * account (the partial text it saved, or the whole answer when it was already complete), so
   * the page shows what the session holds. Only when the server cannot be told, or does not
   * answer in time, does the page stop on its own.
   */
  async function stop(): Promise<void> {
    const running = active
    if (!running || running.stopping) return
    running.stopping = true
    stopButton.disabled = true
    // Shown at once: the server's closing packet then only confirms it (or, when the answer had
    // already finished, shows it whole), and the text stops growing from this click.
    running.view.setState('stopped', 'Stopped.')
    const session = await running.started
    const told = session ? await stopRun(session) : false
    if (!told) return running.controller.abort()
    setTimeout(() => {
      if (active === running) running.controller.abort()
    }, STOP_WAIT_MS)
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (refuseBlank(question)) return
    const text = question.value
    question.value = ''
    void ask(text)
  })
  question.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      form.requestSubmit()
    }
  })
  stopButton.addEventListener('click', () => void stop())

  void loadPastTurns().then((past) => {
    if (unmounted || active || turns > 0) return
    for (const turn of past) {
      const view = addTurn(turn.question)
      view.setAnswer(turn.answer)
      view.setSources(turn.sources)
      view.setRelated(turn.related, (q) => void ask(q))
      view.setClaimMap(turn.claimCheck)
      view.setNotices(turn.stopped ? [] : noticesFor(turn.outcome))
      view.setState(
        turn.stopped ? 'stopped' : 'done',
        turn.stopped ? 'Stopped.' : finalStatus(turn.outcome),
      )
    }
    // A degraded latest answer shows on the badge too (anything else leaves it to /health).
    const last = past.at(-1)
    if (last?.outcome.mode === 'degraded') {
      reportAnswerMode({ mode: 'degraded', fallbacks: last.outcome.fallbacks })
    }
  })

  return () => {
    unmounted = true
    active?.controller.abort()
    root.replaceChildren()
    root.classList.remove('has-turns')
  }
}
