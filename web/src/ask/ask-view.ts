// The Ask mode: intro (collapsed once a question is asked), conversation thread, composer with
// Stop; the session comes from the route (or a new one), is listed in this browser's sessions
// and shown in the URL. Each finished answer is rendered by outcome.ts.
import { reportAnswerMode, showSessionInUrl } from '../app-events'
import { startAsk, stopRun } from '../api'
import { loadPastTurns } from '../history'
import type { ModeRoute } from '../mode-route'
import { finalStatus, noticesFor } from '../notices'
import { openRouteSession, recordSession } from '../session-list'
import { readPackets } from '../stream'
import type { AnswerPayload, Packet, SessionCredentials } from '../types'
import { askTemplate } from './ask-template'
import { showOutcome } from './outcome'
import { toSource } from './sources'
import { TurnView } from './turn-view'

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
  let unmounted = false
  let active: {
    controller: AbortController
    session: SessionCredentials | null
    view: TurnView
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
        if (packet.stopped) return view.setState('stopped', 'Stopped.')
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
    question.setAttribute('aria-busy', String(busy))
  }

  async function ask(text: string): Promise<void> {
    const query = text.trim()
    if (!query || active || unmounted) return
    const view = addTurn(query)
    view.root.scrollIntoView({ behavior: 'smooth', block: 'start' })
    const controller = new AbortController()
    active = { controller, session: null, view }
    setBusy(true)
    try {
      const { session, body } = await startAsk(query, controller.signal)
      active.session = session
      // URL first: the shell reads the route when the session list changes.
      if (!unmounted) showSessionInUrl('ask', session.id)
      recordSession(session, 'ask', query)
      await readPackets(body, (packet) => onPacket(view, packet))
      // No `done` packet: the answer is incomplete, never "ready".
      if (view.root.dataset.state === 'streaming')
        view.setState('error', 'The answer stopped before it was complete.')
    } catch (error) {
      if (!controller.signal.aborted)
        view.setState('error', `Something went wrong: ${(error as Error).message}`)
    } finally {
      active = null
      if (!unmounted) setBusy(false)
    }
  }

  async function stop(): Promise<void> {
    if (!active) return
    const { controller, session, view } = active
    view.setState('stopped', 'Stopped.')
    controller.abort()
    if (session) await stopRun(session)
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
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
