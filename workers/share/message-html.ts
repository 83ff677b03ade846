// One message of a shared transcript as HTML: a question; an answer rendered from its Markdown
// with each [n] linked to the source it names and those sources listed; a debate as its turns
// (verdict, text, references) and how it ended; a claim's evidence map. All stored text is escaped or goes through the
// sanitising Markdown renderer.
import { escapeUTF8 as escapeHtml } from 'entities/escape'
import { apaInlineHtml } from '../grounding'
import { claimMapHtml } from './claim-html'
import { documentHtml } from './document-html'
import type { SharedDebate, SharedDebateTurn, SharedVerdict } from './shared-debate'
import type { SharedMessage } from './transcript'

export { escapeHtml }

function safeHref(url: string | null | undefined, origin: string): string | null {
  if (!url) return null
  if (url.startsWith('/')) return escapeHtml(`${origin}${url}`)
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : null
}

/** `html` is already safe markup: escaped text, or an APA entry's inline HTML. */
function linkHtml(html: string, url: string | null | undefined, origin: string): string {
  const href = safeHref(url, origin)
  return href ? `<a href="${href}" rel="noopener noreferrer nofollow">${html}</a>` : html
}

function link(title: string, url: string | null | undefined, origin: string): string {
  return linkHtml(escapeHtml(title), url, origin)
}

function sources(message: SharedMessage, index: number, origin: string): string {
  if (message.sources.length === 0) return ''
  const items = message.sources.map((source) => {
    const domain = source.domain ? ` <span class="domain">${escapeHtml(source.domain)}</span>` : ''
    return `<li id="m${index}-s${source.number}" value="${source.number}">${link(source.title, source.url, origin)}${domain}</li>`
  })
  return `<ol class="sources">${items.join('')}</ol>`
}

const SPEAKERS: Record<SharedVerdict['speaker'], string> = {
  optimist: 'Scientist 1',
  pessimist: 'Scientist 2',
}

/** A debate's verdicts, one row per turn (debates saved before their turns were kept). */
function verdictTable(verdicts: SharedVerdict[]): string {
  if (verdicts.length === 0) return ''
  const cell = (value: string | null | undefined) => `<td>${escapeHtml(value ?? '—')}</td>`
  const rows = verdicts.map(
    (v) =>
      `<tr><td>${v.round}</td>${cell(SPEAKERS[v.speaker])}${cell(v.agreement)}${cell(v.viability)}` +
      `${cell(v.validation)}${cell(v.override ?? v.conclusion)}</tr>`,
  )
  return `<table class="verdicts"><caption>Verdicts</caption><thead><tr><th>Round</th><th>Speaker</th>
<th>Agreement</th><th>Viability</th><th>Validation</th><th>Conclusion</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>`
}

function verdictLine(verdict: SharedVerdict | null): string {
  if (!verdict) return ''
  const parts = [
    `Agreement: ${verdict.agreement ?? '—'}`,
    `Viability: ${verdict.viability ?? '—'}`,
    `Validation: ${verdict.validation ?? '—'}`,
  ]
  const override = verdict.override
    ? ` <span class="note">(${escapeHtml(verdict.override)})</span>`
    : ''
  return `<p class="verdict">${escapeHtml(parts.join(' · '))}${override}</p>`
}

function debateTurn(turn: SharedDebateTurn, anchor: string, origin: string, level: number): string {
  const refAnchor = (n: number) => `${anchor}-r${n}`
  const listed = new Set(turn.references.flatMap((r) => r.numbers))
  const who = turn.scientist === 1 ? 'Scientist 1 · optimist' : 'Scientist 2 · reviewer'
  const body = documentHtml(turn.text, {
    keepLineBreaks: true,
    citeHref: (n) => (listed.has(n) ? `#${refAnchor(n)}` : null),
  })
  const refs = turn.references.map((ref) => {
    // Every marker naming the work lands on its entry.
    const [first, ...others] = ref.numbers
    const extra = others.map((n) => `<span id="${refAnchor(n)}"></span>`).join('')
    return `<li id="${refAnchor(first ?? 0)}">${extra}<span class="ref-num">[${ref.numbers.join(', ')}]</span> ${linkHtml(apaInlineHtml(ref.apa), ref.url, origin)}</li>`
  })
  const references = refs.length
    ? `<h${level + 1}>References (APA 7)</h${level + 1}><ul class="references">${refs.join('')}</ul>`
    : '<p class="note">No retrieved work was cited in this turn.</p>'
  const cut = turn.interrupted
    ? '<p class="note">Interrupted here: the turn so far is kept.</p>'
    : ''
  return `<section class="turn scientist-${turn.scientist}"><h${level}>${who}, round ${turn.round}</h${level}>
${verdictLine(turn.verdict)}${body}${cut}${references}</section>`
}

function debateBlock(debate: SharedDebate, index: number, origin: string, level: number): string {
  const turns = debate.turns.map((turn, j) => debateTurn(turn, `m${index}-t${j}`, origin, level))
  const ending = `<p class="ending"><strong>${escapeHtml(debate.ending)}.</strong> ${escapeHtml(debate.conclusion)}</p>`
  return `${turns.join('\n')}${ending}`
}

function notesOf(message: SharedMessage): string {
  const notes = [
    message.partial ? 'This answer was stopped before it finished: its text is partial.' : '',
    message.mode && message.mode !== 'online' && !message.partial
      ? `Answered in ${message.mode} mode.`
      : '',
  ].filter(Boolean)
  return notes.length ? `<p class="note">${escapeHtml(notes.join(' '))}</p>` : ''
}

/** The map's sources: [n] lands on the message's own entry for it, the title on the source. */
function claimBlock(message: SharedMessage, index: number, origin: string, level: number): string {
  if (!message.claim_check) return ''
  const listed = new Set(message.sources.map((source) => source.number))
  return claimMapHtml(message.claim_check, {
    level,
    sourceLink: ({ source }) => {
      const n = `[${source.number}]`
      const num = listed.has(source.number) ? `<a href="#m${index}-s${source.number}">${n}</a>` : n
      return `<span class="ref-num">${num}</span> ${link(source.title, source.url, origin)}`
    },
  })
}

/**
 * One message as HTML. `underTitle`: it answers the question the page's h1 already shows, so
 * its headings sit one level higher (headings never skip a level).
 */
export function messageHtml(
  message: SharedMessage,
  index: number,
  origin: string,
  underTitle = false,
): string {
  if (message.role === 'user') return `<h2 class="question">${escapeHtml(message.content)}</h2>`
  if (message.debate) {
    return `<section class="answer debate">${notesOf(message)}${debateBlock(message.debate, index, origin, underTitle ? 2 : 3)}</section>`
  }
  const cited = new Set(message.sources.map((source) => source.number))
  const body = documentHtml(message.content, {
    citeHref: (n) => (cited.has(n) ? `#m${index}-s${n}` : null),
  })
  const claim = claimBlock(message, index, origin, underTitle ? 2 : 3)
  return `<section class="answer">${notesOf(message)}${body}${claim}${sources(message, index, origin)}${verdictTable(message.verdicts)}</section>`
}
