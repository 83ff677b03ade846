// A claim's evidence map on a share page: the verdict in words, a "Supports" and a
// "Contradicts" list, each source with its quoted rationale, then the evidence that speaks to
// the claim without settling it. Every stored text is escaped.
import { escapeUTF8 as escapeHtml } from 'entities/escape'
import { claimNotes, STANCE_TITLES, VERDICT_WORDS } from '../claims'
import type { SharedClaimMap } from './shared-claim'

type Evidence = SharedClaimMap['evidence'][number]
type Stance = Evidence['stance']

const ORDER: Stance[] = ['supports', 'contradicts', 'unlabelled']

export interface ClaimHtmlOptions {
  level: number
  /** The source's entry in the message's list ("#m1-s2"), or its own link. */
  sourceLink: (evidence: Evidence) => string
}

function evidenceHtml(evidence: Evidence, options: ClaimHtmlOptions): string {
  const quotes = evidence.rationale
    .map((quote) => `<li><q>${escapeHtml(quote.text)}</q></li>`)
    .join('')
  const list = quotes ? `<ul class="claim-quotes">${quotes}</ul>` : ''
  return `<li>${options.sourceLink(evidence)}${list}</li>`
}

function groupHtml(map: SharedClaimMap, stance: Stance, options: ClaimHtmlOptions): string {
  const items = map.evidence.filter((e) => e.stance === stance)
  if (items.length === 0 && stance === 'unlabelled') return ''
  const h = `h${options.level + 1}`
  const body = items.length
    ? `<ul class="claim-evidence">${items.map((e) => evidenceHtml(e, options)).join('')}</ul>`
    : '<p class="note">None.</p>'
  return `<section class="claim-${stance}"><${h}>${escapeHtml(STANCE_TITLES[stance])} (${items.length})</${h}>${body}</section>`
}

export function claimMapHtml(map: SharedClaimMap, options: ClaimHtmlOptions): string {
  const h = `h${options.level}`
  const notes = claimNotes(map)
    .map((note) => `<p class="note">${escapeHtml(note)}</p>`)
    .join('')
  const groups = map.evidence.length
    ? ORDER.map((stance) => groupHtml(map, stance, options)).join('')
    : ''
  return `<section class="claim-map"><${h}>Evidence map</${h}>
<p><strong>Claim:</strong> <q>${escapeHtml(map.claim)}</q></p>
<p class="claim-verdict"><strong>${escapeHtml(VERDICT_WORDS[map.verdict])}</strong></p>${notes}${groups}</section>`
}
