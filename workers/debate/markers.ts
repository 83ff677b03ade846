// The scientists' machine-readable endings (seed 002 §6–7): Agreement, Viability, Validation,
// Conclusion, or the compact reviewer form Answer + Verification Reason. Parsed strictly when
// the lines are as asked and tolerantly otherwise (case, spacing, markdown bold or bullets);
// a missing or unreadable ending marks the turn unparsed instead of failing the run.
import type { Verdict } from '../stream'

export type Speaker = Verdict['speaker']

export interface ParsedEnding {
  agreement: Verdict['agreement']
  viability: Verdict['viability']
  validation: Verdict['validation']
  answer: Verdict['answer']
  conclusion: string | null
  verificationReason: string | null
  /** The ending said what the speaker's role needs it to say. */
  parsed: boolean
  /** strict: every line exactly as asked; tolerant: recovered from a looser form. */
  style: 'strict' | 'tolerant' | 'none'
}

type Field = 'agreement' | 'viability' | 'validation' | 'answer' | 'conclusion' | 'reason'

const LABELS: Record<string, Field> = {
  agreement: 'agreement',
  viability: 'viability',
  validation: 'validation',
  answer: 'answer',
  conclusion: 'conclusion',
  verificationreason: 'reason',
}

const STRICT_LINE = /^(Agreement|Viability|Validation|Answer|Conclusion|Verification Reason): (.+)$/

/** "**Viability:** viable", "- validation : PASS", "__Answer__: Verified." -> label, value. */
function looseLine(line: string): { label: string; value: string } | null {
  const cleaned = line
    .replace(/[*_`#>]/g, '')
    .replace(/^\s*[-•]\s*/, '')
    .trim()
  const match = /^([A-Za-z][A-Za-z ]{2,30}?)\s*[:=\-–]\s*(.+)$/.exec(cleaned)
  if (!match?.[1] || !match[2]) return null
  return { label: match[1].replace(/\s+/g, '').toLowerCase(), value: match[2].trim() }
}

function word(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z/ _-]/g, '')
    .replace(/[\s-]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

function pick<T extends string>(value: string, options: readonly T[]): T | null {
  const w = word(value)
  // NOT_VIABLE before VIABLE, DISAGREE before AGREE, UNVERIFIED before VERIFIED.
  const ordered = [...options].sort((a, b) => b.length - a.length)
  return ordered.find((o) => w === o || w.startsWith(`${o}_`)) ?? null
}

function pickValidation(value: string): Verdict['validation'] {
  const w = word(value)
  if (w === 'N/A' || w === 'NA' || w.startsWith('N/A') || w === 'NOT_APPLICABLE') return 'N/A'
  return pick(value, ['PASS', 'FAIL'] as const)
}

function emptyEnding(): ParsedEnding {
  return {
    agreement: null,
    viability: null,
    validation: null,
    answer: null,
    conclusion: null,
    verificationReason: null,
    parsed: false,
    style: 'none',
  }
}

function apply(ending: ParsedEnding, field: Field, value: string): boolean {
  switch (field) {
    case 'agreement':
      return (ending.agreement = pick(value, ['AGREE', 'DISAGREE'] as const)) !== null
    case 'viability':
      return (ending.viability = pick(value, ['VIABLE', 'NOT_VIABLE'] as const)) !== null
    case 'validation':
      return (ending.validation = pickValidation(value)) !== null
    case 'answer':
      return (ending.answer = pick(value, ['VERIFIED', 'UNVERIFIED'] as const)) !== null
    case 'conclusion':
      ending.conclusion = value.trim()
      return true
    case 'reason':
      ending.verificationReason = value.trim()
      return true
  }
}

function isComplete(ending: ParsedEnding, speaker: Speaker): boolean {
  const full = ending.agreement !== null && ending.viability !== null && ending.validation !== null
  // The compact reviewer ending stands for the full one (seed 002 §7).
  const compact = speaker === 'pessimist' && ending.answer !== null
  return (full && ending.conclusion !== null) || compact
}

/** Reads the ending of one scientist's reply. Later lines win over earlier mentions. */
export function parseEnding(text: string, speaker: Speaker): ParsedEnding {
  const ending = emptyEnding()
  let strict = true
  for (const line of text.split(/\r?\n/)) {
    const exact = STRICT_LINE.exec(line.trim())
    const loose = exact ? null : looseLine(line)
    const label = exact ? exact[1]!.replace(/\s+/g, '').toLowerCase() : loose?.label
    const value = exact ? exact[2]! : loose?.value
    const field = label ? LABELS[label] : undefined
    if (!field || value === undefined) continue
    const ok = apply(ending, field, value)
    if (!exact || !ok) strict = false
  }
  // The compact form alone still tells the gate: VERIFIED claims viable and passing (the
  // PASS is then held to the same code check as a full ending's).
  if (ending.answer && ending.viability === null) {
    ending.viability = ending.answer === 'VERIFIED' ? 'VIABLE' : 'NOT_VIABLE'
  }
  if (ending.answer && ending.validation === null) {
    ending.validation = ending.answer === 'VERIFIED' ? 'PASS' : 'FAIL'
  }
  ending.parsed = isComplete(ending, speaker)
  ending.style = !ending.parsed ? 'none' : strict ? 'strict' : 'tolerant'
  return ending
}
