// The verdict follows the stances shown: both kinds is mixed, neither is insufficient.
import type { Stance, Verdict } from './types'

export function verdictOf(stances: readonly Stance[]): Verdict {
  const supports = stances.includes('supports')
  const contradicts = stances.includes('contradicts')
  if (supports && contradicts) return 'mixed'
  if (supports) return 'supported'
  if (contradicts) return 'contradicted'
  return 'insufficient'
}
