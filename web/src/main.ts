// The page: ask box, conversation thread, Stop, new conversation; notices come from library.ts
// and each finished answer is shown by outcome.ts.
import { startAsk, stopRun } from './api'
import { loadPastTurns } from './history'
import { watchLibrary } from './library'
import { finalStatus, noticesFor } from './notices'
import { showOutcome } from './outcome'
import { clearSession } from './session'
import { readPackets } from './stream'
import { TurnView } from './turn-view'
import type { AnswerPayload, AnswerSource, Packet, SessionCredentials, SourceRef } from './types'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const form = byId<HTMLFormElement>('ask-form')
const question = byId<HTMLTextAreaElement>('question')
const askButton = byId<HTMLButtonElement>('ask-button')
const stopButton = byId<HTMLButtonElement>('stop-button')
const thread = byId<HTMLOListElement>('thread')

let active: {
  controller: AbortController
  session: SessionCredentials | null
  view: TurnView
} | null = null
let turns = 0

function toSource(ref: SourceRef): AnswerSource {
  return {
    number: ref.number,
    title: ref.title,
    url: ref.url ?? '#',
    domain: ref.domain ?? '',
    image: ref.image ?? null,
  }
}

function isPayload(value: unknown): value is AnswerPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AnswerPayload).answer === 'string'
  )
}

function onPacket(view: TurnView, packet: Packet): void {
  switch (packet.type) {
    case 'status':
      return view.setStatus(packet.message)
    case 'token':
      return view.appendText(packet.text)
    case 'citation':
      return view.addSource(toSource(packet.source))
    case 'sources':
      return view.setSources(packet.sources.map(toSource))
    case 'error':
      return view.setState('error', packet.message)
    case 'done': {
      if (packet.stopped) return view.setState('stopped', 'Stopped.')
      if (!isPayload(packet.result)) return view.setState('done', 'Done.')
      // An error reported mid-stream stays the turn's status even if an answer follows.
      const failure = view.root.dataset.state === 'error' ? view.status : null
      showOutcome(view, packet.result, (q) => void ask(q))
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
  if (!query || active) return
  turns += 1
  const view = new TurnView(query, turns)
  thread.append(view.root)
  view.root.scrollIntoView({ behavior: 'smooth', block: 'start' })
  const controller = new AbortController()
  active = { controller, session: null, view }
  setBusy(true)
  try {
    const { session, body } = await startAsk(query, controller.signal)
    active.session = session
    await readPackets(body, (packet) => onPacket(view, packet))
    // No `done` packet: the answer is incomplete, never "ready".
    if (view.root.dataset.state === 'streaming')
      view.setState('error', 'The answer stopped before it was complete.')
  } catch (error) {
    if (!controller.signal.aborted)
      view.setState('error', `Something went wrong: ${(error as Error).message}`)
  } finally {
    active = null
    setBusy(false)
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
byId<HTMLButtonElement>('new-conversation').addEventListener('click', () => {
  if (active) return
  clearSession()
  thread.replaceChildren()
  question.focus()
})

void watchLibrary()

void loadPastTurns().then((past) => {
  if (active || turns > 0) return
  for (const turn of past) {
    turns += 1
    const view = new TurnView(turn.question, turns)
    view.setAnswer(turn.answer)
    view.setSources(turn.sources)
    view.setRelated(turn.related, (q) => void ask(q))
    view.setNotices(turn.stopped ? [] : noticesFor(turn.outcome))
    view.setState(
      turn.stopped ? 'stopped' : 'done',
      turn.stopped ? 'Stopped.' : finalStatus(turn.outcome),
    )
    thread.append(view.root)
  }
})
