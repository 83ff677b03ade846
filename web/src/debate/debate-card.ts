// One scientist turn on the page: its verdict badges, the argument (Markdown, each [n] linked to
// its reference), and its References (APA 7) listed once, labelled with the markers that name
// each work. Fed live from the stream or at once from what the session stored.
import { renderAnswer, sourceAnchor } from '../markdown'
import type { Packet, SourceRef } from '../types'
import { splitTurnText, type CardReference } from './references'
import { el } from '../el'
import { apaInlineHtml } from '../../../workers/grounding/apa-inline'

export type Verdict = Extract<Packet, { type: 'verdict' }>['verdict']

/** The machine-readable ending lines; Markdown would run them into one paragraph. */
const ENDING_LINE =
  /\n(?=[*_]*(?:Agreement|Viability|Validation|Answer|Conclusion|Verification Reason)[*_]*:)/gi

export class DebateCard {
  readonly root: HTMLLIElement
  readonly id: string
  text = ''
  private readonly badges = el('p', 'debate-badges')
  private readonly body = el('div', 'debate-body')
  private readonly references = el('section', 'debate-references')
  /** What the stream said about each cited number (its link and passage). */
  private readonly sources = new Map<number, SourceRef>()
  private listed: CardReference[] | null = null

  constructor(scientist: 1 | 2, index: number) {
    this.id = `debate-turn-${index}`
    this.root = el('li', `debate-card scientist-${scientist}`)
    this.root.append(
      el('h3', '', scientist === 1 ? 'Scientist 1 · optimist' : 'Scientist 2 · reviewer'),
      this.badges,
      this.body,
      this.references,
    )
    this.references.hidden = true
  }

  /** The turn's whole text so far (argument, then Quire's references section). */
  setText(text: string): void {
    this.text = text
    const { prose, references } = splitTurnText(text)
    this.show(prose, references)
  }

  /** A stored turn: its argument and its references as the run built them. */
  showStored(prose: string, references: CardReference[]): void {
    this.text = prose
    this.show(prose, references)
  }

  addSource(source: SourceRef): void {
    this.sources.set(source.number, source)
    if (this.listed) this.renderReferences(this.listed)
  }

  setVerdict(verdict: Verdict): void {
    const badge = (label: string, value: string | null) =>
      el(
        'span',
        `badge verdict-${(value ?? 'none').toLowerCase().replace('/', '')}`,
        `${label}: ${value ?? '—'}`,
      )
    this.badges.replaceChildren(
      badge('Agreement', verdict.agreement),
      badge('Viability', verdict.viability),
      badge('Validation', verdict.validation),
    )
  }

  markCut(): void {
    this.root.classList.add('cut')
    this.root.append(el('p', 'debate-cut', 'Interrupted here: the turn so far is kept.'))
  }

  private show(prose: string, references: CardReference[] | null): void {
    this.body.innerHTML = renderAnswer(prose.replace(ENDING_LINE, '\n\n'), this.id)
    this.listed = references
    if (references) this.renderReferences(references)
  }

  private renderReferences(references: CardReference[]): void {
    const title = el('h4', 'debate-references-title', 'References (APA 7)')
    if (references.length === 0) {
      this.references.replaceChildren(
        title,
        el('p', 'muted', 'No retrieved work was cited in this turn.'),
      )
    } else {
      const list = el('ul', 'debate-reference-list')
      list.append(...references.map((ref) => this.referenceItem(ref)))
      this.references.replaceChildren(title, list)
    }
    this.references.hidden = false
  }

  /** One work: the element every marker naming it links to, its label those markers. */
  private referenceItem(ref: CardReference): HTMLLIElement {
    const [first = 0, ...others] = ref.numbers
    const item = el('li', 'debate-reference')
    item.id = sourceAnchor(this.id, first)
    for (const n of others) {
      const alias = el('span', 'reference-alias')
      alias.id = sourceAnchor(this.id, n)
      item.append(alias)
    }
    const streamed = this.sources.get(first)
    if (streamed?.snippet) item.dataset.snippet = streamed.snippet
    const url = ref.url ?? streamed?.url ?? null
    const entry = url ? el('a', 'reference-entry') : el('span', 'reference-entry')
    // The entry's Markdown as inline HTML (escaped; only <i> and <b> are made), as on the share page.
    entry.innerHTML = apaInlineHtml(ref.apa)
    if (entry instanceof HTMLAnchorElement && url) {
      entry.href = url
      entry.target = '_blank'
      entry.rel = 'noopener'
    }
    item.append(el('span', 'reference-number', `[${ref.numbers.join(', ')}]`), ' ', entry)
    return item
  }
}
