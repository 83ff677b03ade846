// One question-and-answer block of the conversation: status line, searched query, notice
// (degraded, abstained), streamed answer with a claim's evidence map beside it (claim-map.ts),
// source cards (source-card.ts), related questions.
import { renderAnswer, sourceAnchor } from '../markdown'
import { claimMapSection } from './claim-map'
import type { TurnNotice } from '../notices'
import { setCited, sourceCard } from './source-card'
import type { AnswerSource, ClaimMap } from '../types'
import { el } from '../el'

export type TurnState = 'streaming' | 'done' | 'stopped' | 'error'

export class TurnView {
  readonly root = el('li', 'turn')
  readonly id: string
  #status = el('p', 'status')
  #searched = el('p', 'searched')
  #notices = el('div', 'turn-notices')
  #answer = el('div', 'answer')
  #answerRow = el('div', 'answer-row')
  #sources = el('ol', 'sources')
  #sourcesSection = el('section', 'sources-section')
  #related = el('div', 'related')
  #text = ''
  #frame = 0

  constructor(question: string, index: number) {
    this.id = `turn-${index}`
    this.root.id = this.id
    this.root.dataset.state = 'streaming'
    this.#status.setAttribute('role', 'status')
    this.#status.setAttribute('aria-live', 'polite')
    const sourcesSection = this.#sourcesSection
    sourcesSection.setAttribute('aria-label', 'Sources')
    sourcesSection.append(el('h3', 'section-title', 'Sources'), this.#sources)
    // No empty "Sources" heading: an abstained answer shows no source cards at all.
    sourcesSection.hidden = true
    this.#related.hidden = true
    this.#searched.hidden = true
    this.#notices.hidden = true
    this.#answerRow.append(this.#answer)
    this.root.append(
      el('h2', 'question', question),
      this.#status,
      this.#searched,
      this.#notices,
      this.#answerRow,
      sourcesSection,
      this.#related,
    )
    this.setStatus('Starting…')
  }

  get status(): string {
    return this.#status.textContent ?? ''
  }

  setStatus(message: string): void {
    this.#status.textContent = message
  }

  /** The standalone query actually searched, when follow-up rewriting changed the question. */
  setSearchQuery(query: string): void {
    this.#searched.textContent = `Searched for: ${query}`
    this.#searched.hidden = false
  }

  /** Banners above the answer, most important first; none for a normal answer. */
  setNotices(notices: TurnNotice[]): void {
    this.#notices.replaceChildren()
    this.#notices.hidden = notices.length === 0
    this.root.dataset.outcome = notices.map((n) => n.kind).join(' ') || 'normal'
    for (const notice of notices) {
      const box = el('div', `turn-notice notice-${notice.kind}`)
      // Degraded and failed answers must be noticed; an abstention is read in turn.
      box.setAttribute('role', notice.kind === 'abstained' ? 'note' : 'alert')
      box.append(el('strong', 'notice-title', notice.title))
      if (notice.lines.length > 0) {
        const list = el('ul', 'notice-lines')
        for (const line of notice.lines) list.append(el('li', undefined, line))
        box.append(list)
      }
      this.#notices.append(box)
    }
  }

  setState(state: TurnState, message?: string): void {
    this.root.dataset.state = state
    if (message) this.setStatus(message)
  }

  appendText(text: string): void {
    this.#text += text
    // Re-render at most once a frame however fast tokens arrive.
    if (!this.#frame) this.#frame = requestAnimationFrame(() => this.#flush())
  }

  setAnswer(text: string): void {
    this.#text = text
    this.#flush()
  }

  /** A `replace` packet: the text streamed so far is withdrawn, and so are its citations. */
  withdrawText(): void {
    this.#text = ''
    this.#flush()
    for (const card of this.#sources.querySelectorAll<HTMLElement>('.source')) setCited(card, false)
  }

  #flush(): void {
    cancelAnimationFrame(this.#frame)
    this.#frame = 0
    this.#answer.innerHTML = renderAnswer(this.#text, this.id)
    const cited = this.#citedNumbers()
    for (const card of this.#sources.querySelectorAll<HTMLElement>('.source')) {
      if (cited.has(Number(card.dataset.n))) setCited(card, true)
    }
  }

  addSource(source: AnswerSource): void {
    const id = sourceAnchor(this.id, source.number)
    this.root.querySelector(`#${CSS.escape(id)}`)?.remove()
    const item = sourceCard(source, id)
    // Live cards have no `cited` flag yet: the text streamed so far says which are cited.
    if (source.cited === undefined) setCited(item, this.#citedNumbers().has(source.number))
    const after = [...this.#sources.children].find(
      (c) => Number((c as HTMLElement).dataset.n) > source.number,
    )
    this.#sources.insertBefore(item, after ?? null)
    this.#sourcesSection.hidden = false
  }

  #citedNumbers(): Set<number> {
    return new Set([...this.#text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1])))
  }

  setSources(sources: AnswerSource[]): void {
    this.#sources.replaceChildren()
    this.#sourcesSection.hidden = true
    for (const source of sources) this.addSource(source)
  }

  /** A claim's evidence map beside the answer (below it on a phone); null removes it. */
  setClaimMap(map: ClaimMap | null): void {
    this.#answerRow.querySelector('.claim-map')?.remove()
    this.root.classList.toggle('has-claim-map', map !== null)
    if (map) this.#answerRow.append(claimMapSection(map, this.id))
  }

  setRelated(questions: string[], onPick: (question: string) => void): void {
    this.#related.replaceChildren()
    if (questions.length === 0) return
    const list = el('ul', 'related-list')
    for (const question of questions) {
      const button = el('button', 'related-question', question)
      button.type = 'button'
      button.addEventListener('click', () => onPick(question))
      const item = el('li')
      item.append(button)
      list.append(item)
    }
    this.#related.append(el('h3', 'section-title', 'Related'), list)
    this.#related.hidden = false
  }
}
