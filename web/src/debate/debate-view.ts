// The Debate mode's view: one card per scientist turn (alternating), the status line, verdict
// badges, citations linked to source cards, Quire's APA references, the terminal state.
// Auto-scroll follows output only while the reader is at the bottom (seed 002 §9). How the
// debate was made (offline, degraded and why) stays on the view, not only in a passing status.
import { reportAnswerMode } from '../app-events'
import { renderAnswer, sourceAnchor } from '../markdown'
import type { Packet, SourceRef } from '../types'

type Verdict = Extract<Packet, { type: 'verdict' }>['verdict']

const TERMINAL = /^=== (Viable Solution Reached|Debate Interrupted|Max Turns Reached) ===$/m
const NEAR_BOTTOM_PX = 80
/** The machine-readable ending lines; Markdown would run them into one paragraph. */
const ENDING_LINE =
  /\n(?=[*_]*(?:Agreement|Viability|Validation|Answer|Conclusion|Verification Reason)[*_]*:)/gi

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

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

interface Card {
  root: HTMLElement
  body: HTMLElement
  badges: HTMLElement
  sources: HTMLOListElement
  text: string
  id: string
}

export class DebateView {
  readonly root = el('section', 'debate')
  private readonly status = el('p', 'debate-status', 'Starting…')
  private readonly modeNote = el('p', 'debate-mode')
  private readonly cards = el('ol', 'debate-cards')
  private readonly terminal = el('p', 'debate-terminal')
  private card: Card | null = null
  /** The last card opened, kept after the terminal marker to mark a turn cut short. */
  private lastCard: Card | null = null
  /** Quire's own text after the terminal marker (the conclusion summary). */
  private ended = false
  private count = 0

  constructor(
    question: string,
    private readonly scroller: HTMLElement = document.scrollingElement as HTMLElement,
  ) {
    this.status.setAttribute('role', 'status')
    this.terminal.hidden = true
    this.modeNote.hidden = true
    // Each debate on the page says which question it argues.
    this.root.append(el('h2', 'debate-question', question))
    this.root.append(this.modeNote, this.status, this.cards, this.terminal)
  }

  onPacket(packet: Packet): void {
    const follow = this.isNearBottom()
    this.apply(packet)
    if (follow) this.scroller.scrollTop = this.scroller.scrollHeight
  }

  private apply(packet: Packet): void {
    switch (packet.type) {
      case 'status':
        this.status.textContent = packet.message
        if (packet.message.startsWith('Offline:')) this.showMode('offline', packet.message)
        // A step that fell back says so with phase 'error'; `done` gives the full account.
        else if (packet.phase === 'error' && this.modeNote.dataset.kind !== 'offline')
          this.showMode('degraded', `Degraded: ${packet.message}`)
        if (/^Research Scientist \d Response:$/.test(packet.message)) this.openCard(packet.message)
        return
      case 'token':
        return this.appendText(packet.text)
      case 'citation':
        return this.addSource(packet.source)
      case 'verdict':
        return this.addVerdict(packet.verdict)
      case 'error':
        this.status.textContent = `Error: ${packet.message}`
        return
      case 'done':
        if (!this.ended) this.showTerminal(packet.stopped ? 'Debate Interrupted' : 'Ended', '')
        this.showFinalMode(modeOf(packet.result))
        if (lastTurnCut(packet.result) && this.lastCard) {
          this.lastCard.root.classList.add('cut')
          this.lastCard.root.append(
            el('p', 'debate-cut', 'Interrupted here: the turn so far is kept.'),
          )
        }
        return
      default:
        return
    }
  }

  private showMode(kind: RunMode, text: string): void {
    this.modeNote.dataset.kind = kind
    this.modeNote.textContent = text
    this.modeNote.hidden = kind === 'online'
  }

  /** The server's own account of the run replaces what the status lines suggested. */
  private showFinalMode(final: ReturnType<typeof modeOf>): void {
    if (!final) return
    if (final.mode === 'degraded') {
      const what = final.fallbacks.map((f) => (f.reason ? `${f.stage} (${f.reason})` : f.stage))
      this.showMode('degraded', `Degraded: ${what.join(', ') || 'some steps fell back'}`)
    } else if (final.mode === 'offline' && this.modeNote.hidden) {
      this.showMode('offline', 'Offline: extractive turns from the knowledge base, Validation N/A')
    } else if (final.mode === 'online') this.showMode('online', '')
    reportAnswerMode({ mode: final.mode, fallbacks: final.fallbacks })
  }

  private isNearBottom(): boolean {
    const s = this.scroller
    return s.scrollHeight - s.scrollTop - s.clientHeight < NEAR_BOTTOM_PX
  }

  private openCard(status: string): void {
    const scientist = status.includes('Scientist 1') ? 1 : 2
    this.count += 1
    const id = `debate-turn-${this.count}`
    const root = el('li', `debate-card scientist-${scientist}`)
    root.append(el('h3', '', scientist === 1 ? 'Scientist 1 · optimist' : 'Scientist 2 · reviewer'))
    const badges = el('p', 'debate-badges')
    const body = el('div', 'debate-body')
    const sources = el('ol', 'debate-sources')
    root.append(badges, body, sources)
    this.cards.append(root)
    this.card = { root, body, badges, sources, text: '', id }
    this.lastCard = this.card
  }

  private appendText(text: string): void {
    if (this.ended) {
      this.terminal.textContent = `${this.terminal.textContent ?? ''}${text}`.trimStart()
      return
    }
    const all = `${this.card?.text ?? ''}${text}`
    const marker = TERMINAL.exec(all)
    if (marker) {
      if (this.card) this.render(all.slice(0, marker.index))
      this.showTerminal(marker[1] ?? '', all.slice(marker.index + marker[0].length))
      return
    }
    if (!this.card) this.openCard('Research Scientist 1 Response:')
    this.render(all)
  }

  private render(text: string): void {
    if (!this.card) return
    this.card.text = text
    this.card.body.innerHTML = renderAnswer(text.replace(ENDING_LINE, '\n\n'), this.card.id)
  }

  private addSource(source: SourceRef): void {
    if (!this.card) return
    const item = el('li', 'source-card')
    item.id = sourceAnchor(this.card.id, source.number)
    const link = el('a', '', `[${source.number}] ${source.title}`)
    link.href = source.url ?? `/api/sources/${encodeURIComponent(source.sourceId ?? '')}`
    link.target = '_blank'
    link.rel = 'noopener'
    item.append(link)
    this.card.sources.append(item)
  }

  private addVerdict(verdict: Verdict): void {
    if (!this.card) return
    const badge = (label: string, value: string | null) =>
      el(
        'span',
        `badge verdict-${(value ?? 'none').toLowerCase().replace('/', '')}`,
        `${label}: ${value ?? '—'}`,
      )
    this.card.badges.replaceChildren(
      badge('Agreement', verdict.agreement),
      badge('Viability', verdict.viability),
      badge('Validation', verdict.validation),
    )
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
