// One debate on the page: the question, how it was made (offline, degraded and why), the status
// line, one card per scientist turn (debate-card.ts) and the terminal state. Fed by the stream's
// packets, or at once from the debate the session stored (a reload shows what the server holds).
// Auto-scroll follows output only while the reader is at the bottom (seed 002 §9).
import { reportAnswerMode } from '../app-events'
import type { Packet } from '../types'
import { DebateCard } from './debate-card'
import type { StoredDebate } from './stored-debates'
import { el } from '../el'
import { fallbackWords } from '../../../workers/grounding/stage-words'

const TERMINAL = /^=== (Viable Solution Reached|Debate Interrupted|Max Turns Reached) ===$/m
const NEAR_BOTTOM_PX = 80
/** How the server's status line opens for a follow-up debated as a new question. */
const SUBJECT_CHANGE_OPENING = 'Nothing on the earlier topic mentions '
const subjectChangeLine = (subject: string) =>
  `${SUBJECT_CHANGE_OPENING}“${subject}”: debated as a new question`

type RunMode = 'online' | 'offline' | 'degraded'

type Fallback = { stage: string; reason: string }

const isFallback = (f: unknown): f is Fallback =>
  typeof f === 'object' && f !== null && 'stage' in f && typeof f.stage === 'string'

/** The `done` payload's mode and fallbacks ({stage, reason}; older runs: 'stage:reason'). */
function modeOf(result: unknown): { mode: RunMode; fallbacks: Fallback[] } | null {
  if (!result || typeof result !== 'object') return null
  const { mode, fallbacks } = result as { mode?: unknown; fallbacks?: unknown }
  if (mode !== 'online' && mode !== 'offline' && mode !== 'degraded') return null
  const list = (Array.isArray(fallbacks) ? fallbacks : []).flatMap((f: unknown) =>
    typeof f === 'string' ? [splitFallback(f)] : isFallback(f) ? [f] : [],
  )
  return { mode, fallbacks: list }
}

/** Whether the run's last turn was cut mid-answer (the `done` payload's transcript says so). */
function lastTurnCut(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false
  const transcript = (result as { transcript?: unknown }).transcript
  if (!Array.isArray(transcript)) return false
  const last = transcript.at(-1) as { interrupted?: unknown; stage?: unknown } | undefined
  return last?.interrupted === true && last.stage === 'generation'
}

function splitFallback(fallback: string): { stage: string; reason: string } {
  const at = fallback.indexOf(':')
  return at < 0
    ? { stage: fallback, reason: '' }
    : { stage: fallback.slice(0, at), reason: fallback.slice(at + 1) }
}

/** Cards are numbered across the page, so every card's anchors are unique. */
let cardsOnPage = 0

export class DebateView {
  readonly root = el('section', 'debate')
  private readonly status = el('p', 'debate-status', 'Starting…')
  /** What retrieval searched, when the server read the question otherwise (follow-up, typo). */
  private readonly searched = el('p', 'debate-searched')
  private readonly modeNote = el('p', 'debate-mode')
  private readonly cards = el('ol', 'debate-cards')
  private readonly terminal = el('p', 'debate-terminal')
  private card: DebateCard | null = null
  /** The last card opened, kept after the terminal marker to mark a turn cut short. */
  private lastCard: DebateCard | null = null
  /** Quire's own text after the terminal marker (the conclusion summary). */
  private ended = false

  constructor(
    question: string,
    private readonly scroller: HTMLElement = document.scrollingElement as HTMLElement,
  ) {
    this.status.setAttribute('role', 'status')
    this.terminal.hidden = true
    this.modeNote.hidden = true
    this.searched.hidden = true
    // Each debate on the page says which question it argues.
    this.root.append(el('h2', 'debate-question', question))
    this.root.append(this.searched, this.modeNote, this.status, this.cards, this.terminal)
  }

  /** A debate the session stored, shown as it ended. */
  static fromStored(debate: StoredDebate): DebateView {
    const view = new DebateView(debate.question)
    if (debate.searched) view.showSearched(debate.searched)
    if (debate.subjectChange) view.showSubjectChange(subjectChangeLine(debate.subjectChange))
    for (const turn of debate.turns) {
      const card = view.openCard(turn.scientist)
      card.showStored(turn.text, turn.references)
      if (turn.verdict) card.setVerdict(turn.verdict)
      if (turn.cut) card.markCut()
    }
    view.showTerminal(debate.ending, `Conclusion: ${debate.conclusion}`)
    view.showFinalMode(modeOf(debate), false)
    return view
  }

  onPacket(packet: Packet): void {
    const follow = this.isNearBottom()
    this.apply(packet)
    if (follow) this.scroller.scrollTop = this.scroller.scrollHeight
  }

  private apply(packet: Packet): void {
    switch (packet.type) {
      case 'status': {
        this.status.textContent = packet.message
        const readAs = /^(?:Follow-up read as|Searched as): (.+)$/s.exec(packet.message)
        if (readAs?.[1]) this.showSearched(readAs[1])
        // A follow-up that turned to another subject is debated alone: the page says so.
        if (packet.message.startsWith(SUBJECT_CHANGE_OPENING))
          this.showSubjectChange(packet.message)
        if (packet.message.startsWith('Offline:')) this.showMode('offline', packet.message)
        // A step that fell back says so with phase 'error'; `done` gives the full account.
        else if (packet.phase === 'error' && this.modeNote.dataset.kind !== 'offline')
          this.showMode('degraded', `Degraded: ${packet.message}`)
        if (/^Research Scientist \d Response:$/.test(packet.message)) {
          this.card = this.openCard(packet.message.includes('Scientist 1') ? 1 : 2)
        }
        return
      }
      case 'token':
        return this.appendText(packet.text)
      case 'citation':
        return this.card?.addSource(packet.source)
      case 'verdict':
        return this.card?.setVerdict(packet.verdict)
      case 'error':
        this.status.textContent = `Error: ${packet.message}`
        return
      case 'done':
        if (!this.ended) this.showTerminal(packet.stopped ? 'Debate Interrupted' : 'Ended', '')
        this.showFinalMode(modeOf(packet.result), true)
        if (lastTurnCut(packet.result)) this.lastCard?.markCut()
        return
      default:
        return
    }
  }

  private showSubjectChange(line: string): void {
    this.searched.textContent = line
    this.searched.hidden = false
  }

  private showSearched(query: string): void {
    this.searched.textContent = `Searched for: ${query}`
    this.searched.hidden = false
  }

  private showMode(kind: RunMode, text: string): void {
    this.modeNote.dataset.kind = kind
    this.modeNote.textContent = text
    this.modeNote.hidden = kind === 'online'
  }

  /** The server's own account of the run replaces what the status lines suggested. */
  private showFinalMode(final: ReturnType<typeof modeOf>, report: boolean): void {
    if (!final) return
    if (final.mode === 'degraded') {
      const what = final.fallbacks.map(fallbackWords)
      this.showMode('degraded', `Degraded: ${what.join(', ') || 'some steps fell back'}`)
    } else if (final.mode === 'offline' && this.modeNote.hidden) {
      this.showMode('offline', 'Offline: extractive turns from the knowledge base, Validation N/A')
    } else if (final.mode === 'online') this.showMode('online', '')
    if (report) reportAnswerMode({ mode: final.mode, fallbacks: final.fallbacks })
  }

  private isNearBottom(): boolean {
    const s = this.scroller
    return s.scrollHeight - s.scrollTop - s.clientHeight < NEAR_BOTTOM_PX
  }

  private openCard(scientist: 1 | 2): DebateCard {
    cardsOnPage += 1
    const card = new DebateCard(scientist, cardsOnPage)
    this.cards.append(card.root)
    this.lastCard = card
    return card
  }

  private appendText(text: string): void {
    if (this.ended) {
      this.terminal.textContent = `${this.terminal.textContent ?? ''}${text}`.trimStart()
      return
    }
    const all = `${this.card?.text ?? ''}${text}`
    const marker = TERMINAL.exec(all)
    if (marker) {
      this.card?.setText(all.slice(0, marker.index))
      this.showTerminal(marker[1] ?? '', all.slice(marker.index + marker[0].length))
      return
    }
    this.card ??= this.openCard(1)
    this.card.setText(all)
  }

  private showTerminal(state: string, rest: string): void {
    this.ended = true
    this.card = null
    this.terminal.hidden = false
    this.terminal.dataset.state = state
    this.terminal.textContent = `${state}. ${rest.trim()}`.trim()
    this.status.textContent = state
  }
}
