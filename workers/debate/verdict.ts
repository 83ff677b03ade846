// One scientist turn's verdict: the parsed ending, held to the code check. A PASS stands only
// when code was checked and every checked block parses; otherwise it becomes FAIL (a block
// does not parse, with the parser's reason) or N/A (nothing Quire could check ran).
import type { Verdict } from '../stream'
import type { CodeValidation } from './code-check'
import type { ParsedEnding, Speaker } from './markers'

export interface TurnVerdict {
  verdict: Verdict
  parsed: boolean
  /** Why Quire changed the scientist's Validation, when it did. */
  override: string | null
}

export function judgeValidation(
  claimed: Verdict['validation'],
  code: CodeValidation,
): { validation: Verdict['validation']; override: string | null } {
  if (claimed !== 'PASS') return { validation: claimed, override: null }
  const failed = code.checks.find((check) => !check.ok)
  if (failed) {
    return { validation: 'FAIL', override: `PASS overridden to FAIL: ${failed.reason ?? ''}` }
  }
  if (code.checks.length === 0) {
    const what = code.unchecked.length
      ? `only code Quire cannot check (${code.unchecked.join(', ')})`
      : 'no code block'
    return { validation: 'N/A', override: `PASS overridden to N/A: ${what} was checked` }
  }
  return { validation: 'PASS', override: null }
}

export function buildVerdict(options: {
  speaker: Speaker
  round: number
  ending: ParsedEnding
  code: CodeValidation
}): TurnVerdict {
  const { speaker, round, ending, code } = options
  const { validation, override } = judgeValidation(ending.validation, code)
  return {
    verdict: {
      speaker,
      round,
      agreement: ending.agreement,
      viability: ending.viability,
      validation,
      answer: ending.answer,
      conclusion: ending.conclusion,
      verification_reason: ending.verificationReason,
    },
    parsed: ending.parsed,
    override,
  }
}

/** The gate of seed 002 §7: scientist 2 finds the latest proposal viable and its check passed. */
export function isConsensus(verdict: Verdict): boolean {
  return (
    verdict.speaker === 'pessimist' &&
    verdict.viability === 'VIABLE' &&
    verdict.validation === 'PASS'
  )
}
