// Whether a question asks if something is so ("Is it true that …", "Does X cause Y?", "True or
// false: …"), and the claim it puts forward. Open questions ("What causes Y?", "How does X
// work?") put forward nothing to check.

/** Lead-ins that hand over a claim whole: "Is it true that X?", "Claim: X". */
const CLAIM_LEADS =
  /^(?:(?:is|was) it (?:true|correct|right|the case|a fact|a myth|known|established) that|(?:true|fact) or (?:false|myth|fiction)[:,]?|claim:|check (?:the claim|whether|if|that)[:,]?|(?:do|does|did) (?:studies|research|the (?:studies|literature|evidence|data)|evidence) (?:show|suggest|support|confirm|find) that|(?:is there|what is the) evidence (?:that|for the claim that))\s+/i

/** Yes-or-no openings that carry their claim in the rest: "Does vitamin D prevent fractures?" */
const YES_NO_LEAD =
  /^(?:does|do|did|is|are|was|were|can|could|will|would|has|have|had|should|may|might|must)\s+/i

/** After a yes-or-no opening, these mean an open question, not a claim ("Is there …", "Can you …"). */
const NOT_A_CLAIM = /^(?:there|you|i|we|it|this|that|anyone|anything|someone|somebody)\b/i

const QUESTION_WORD = /^(?:what|why|how|which|who|whom|whose|when|where)\b/i

export const MIN_CLAIM_WORDS = 3

function tidy(text: string): string {
  return text
    .replace(/[?？!.\s]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim()
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

/** The claim a question asks to be checked, or null when it asks something open. */
export function claimOf(question: string): string | null {
  const text = question.trim().replace(/\s+/g, ' ')
  if (!text || QUESTION_WORD.test(text)) return null
  const lead = CLAIM_LEADS.exec(text)
  if (lead) {
    const claim = tidy(text.slice(lead[0].length))
    return wordCount(claim) >= MIN_CLAIM_WORDS ? claim : null
  }
  const yesNo = YES_NO_LEAD.exec(text)
  if (!yesNo || !/[?？]\s*$/u.test(text)) return null
  const rest = text.slice(yesNo[0].length)
  if (NOT_A_CLAIM.test(rest)) return null
  // An "or" between options asks which, not whether: "Is coffee good or bad for you?"
  if (/\bor\b/i.test(rest) && !/\bor not\b/i.test(rest)) return null
  const claim = tidy(rest.replace(/,?\s*or not\s*(?=[?？]|$)/i, ''))
  return wordCount(claim) >= MIN_CLAIM_WORDS ? claim : null
}
