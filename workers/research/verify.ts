// The verification pass: every cited sentence of a section is checked against the passages it
// cites with the support test the offline writer's sentences pass (a passage must hold at least
// half the term weight of the sentence's own words); sentences no cited passage supports are
// removed and counted. A sentence without its own marker is cited by the marker before it in
// its paragraph (the offline writer's "[2] reports: “…” “…”").
import {
  citedNumbers,
  coverageScores,
  splitSentences,
  stripCitationMarkers,
  termWeights,
} from '../grounding'
import type { SectionSource } from './types'

/** The writing stack's provenance threshold: a passage holds half the sentence's term weight. */
export const MIN_SUPPORT = 0.5

/** How a source introduces a quote ("[2] reports:"): the frame, not the claim. */
const ATTRIBUTION = /^\s*(?:concludes|reports|notes|describes|sets out)\s*:\s*/i

export interface VerifiedText {
  text: string
  checked: number
  removed: number
}

export function isSupported(sentence: string, passages: SectionSource[]): boolean {
  const claim = stripCitationMarkers(sentence).replace(ATTRIBUTION, '')
  const weights = termWeights(claim)
  if (weights.size === 0) return true
  const scores = coverageScores(
    weights,
    passages.map((p) => ({ title: p.title, text: p.snippet })),
  )
  return scores.some((score) => score >= MIN_SUPPORT)
}

function verifyParagraph(paragraph: string, sources: SectionSource[]): VerifiedText {
  let carried: number[] = []
  let carrierRemoved = false
  let checked = 0
  let removed = 0
  const kept: string[] = []
  for (const sentence of splitSentences(paragraph)) {
    const own = citedNumbers(sentence)
    const cites = own.length > 0 ? own : carried
    if (own.length > 0) carrierRemoved = false
    if (cites.length === 0) {
      kept.push(sentence)
      continue
    }
    checked += 1
    const passages = cites.flatMap((n) => sources[n - 1] ?? [])
    if (!isSupported(sentence, passages)) {
      removed += 1
      if (own.length > 0) carrierRemoved = true
      carried = cites
      continue
    }
    // The sentence that named the source went: this one names it instead.
    const marker = own.length === 0 && carrierRemoved ? `[${cites.join('][')}] ` : ''
    if (marker) carrierRemoved = false
    kept.push(`${marker}${sentence}`)
    carried = cites
  }
  return { text: kept.join(' '), checked, removed }
}

export function verifySection(answer: string, sources: SectionSource[]): VerifiedText {
  const paragraphs = answer.split(/\n[^\S\n]*\n/).map((p) => verifyParagraph(p, sources))
  return {
    text: paragraphs
      .map((p) => p.text)
      .filter((t) => t.trim())
      .join('\n\n'),
    checked: paragraphs.reduce((n, p) => n + p.checked, 0),
    removed: paragraphs.reduce((n, p) => n + p.removed, 0),
  }
}
