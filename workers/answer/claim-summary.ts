// A claim check in one plain sentence, for the transcript (exports, history, share text).
import type { ClaimMap } from './claim-payload'

const count = (n: number) => `${n} source${n === 1 ? '' : 's'}`

export function summarizeClaimMap(map: ClaimMap): string {
  const supports = map.evidence.filter((e) => e.stance === 'supports').length
  const contradicts = map.evidence.filter((e) => e.stance === 'contradicts').length
  const unlabelled = map.evidence.length - supports - contradicts
  const estimated = map.stance_estimated ? ' (stances estimated offline)' : ''
  if (map.evidence.length === 0) return 'The sources found do not speak to this claim.'
  const parts = [
    supports ? `${count(supports)} support it` : '',
    contradicts ? `${count(contradicts)} contradict it` : '',
    unlabelled ? `${count(unlabelled)} speak to it without settling it` : '',
  ].filter(Boolean)
  const verdict = {
    supported: 'Supported',
    contradicted: 'Contradicted',
    mixed: 'Mixed evidence',
    insufficient: 'Not settled by the sources found',
  }[map.verdict]
  return `${verdict}: ${parts.join(', ')}${estimated}.`
}
