// The evidence map beside a claim's answer: the verdict in words, the sources that support and
// that contradict the claim (each with its [n], link and quoted rationale), the evidence that
// speaks to it without settling it, and honest notes (stances estimated offline; no evidence).
import { el } from '../el'
import type { ClaimEvidence, ClaimMap, ClaimSource, Stance } from '../types'
import { claimNotes, STANCE_TITLES, VERDICT_WORDS } from './claim-words'

type Evidence = ClaimEvidence<ClaimSource>

function quoteList(evidence: Evidence): HTMLElement {
  const quotes = el('ul', 'claim-quotes')
  for (const quote of evidence.rationale) {
    const item = el('li')
    item.append(el('q', 'claim-quote', quote.text))
    quotes.append(item)
  }
  return quotes
}

function evidenceItem(evidence: Evidence): HTMLLIElement {
  const item = el('li', `claim-evidence stance-${evidence.stance}`)
  item.dataset.n = String(evidence.source.number)
  const head = el('p', 'claim-source')
  head.append(el('span', 'claim-number', `[${evidence.source.number}]`), ' ')
  const link = el('a', 'claim-source-title', evidence.source.title)
  link.href = evidence.source.url || '#'
  link.target = '_blank'
  link.rel = 'noopener noreferrer'
  head.append(link)
  item.append(head)
  if (evidence.rationale.length > 0) item.append(quoteList(evidence))
  return item
}

function stanceGroup(evidence: Evidence[], stance: Stance, emptyText: string): HTMLElement {
  const title = STANCE_TITLES[stance]
  const group = el('section', `claim-group claim-${stance}`)
  const heading = el('h4', 'claim-group-title', `${title} (${evidence.length})`)
  const list = el('ul', 'claim-evidence-list')
  for (const item of evidence) list.append(evidenceItem(item))
  group.append(heading)
  group.append(evidence.length > 0 ? list : el('p', 'claim-empty', emptyText))
  return group
}

const byStance = (map: ClaimMap, stance: Stance) => map.evidence.filter((e) => e.stance === stance)

/** The map as a labelled section; `turnId` keeps its heading's id unique on the page. */
export function claimMapSection(map: ClaimMap, turnId: string): HTMLElement {
  const section = el('section', 'claim-map')
  section.dataset.verdict = map.verdict
  // Named by its heading and its claim: each turn's map is a landmark of its own.
  const headingId = `${turnId}-claim-map`
  section.setAttribute('aria-labelledby', `${headingId} ${headingId}-claim`)
  const heading = el('h3', 'section-title', 'Evidence map')
  heading.id = headingId
  const claim = el('p', 'claim-text')
  claim.id = `${headingId}-claim`
  claim.append(el('span', 'claim-label', 'Claim: '), el('q', undefined, map.claim))
  const verdict = el('p', `claim-verdict verdict-${map.verdict}`, VERDICT_WORDS[map.verdict])
  section.append(heading, claim, verdict)
  for (const note of claimNotes(map)) {
    const box = el('p', 'claim-note', note)
    box.setAttribute('role', 'note')
    section.append(box)
  }
  if (map.evidence.length === 0) return section
  const columns = el('div', 'claim-columns')
  columns.append(
    stanceGroup(byStance(map, 'supports'), 'supports', 'No source supports it.'),
    stanceGroup(byStance(map, 'contradicts'), 'contradicts', 'No source contradicts it.'),
  )
  section.append(columns)
  const unlabelled = byStance(map, 'unlabelled')
  if (unlabelled.length > 0) {
    section.append(stanceGroup(unlabelled, 'unlabelled', ''))
  }
  return section
}
