// The grounding report as text: one table per question set.
import { table } from '../report'
import type { GroundingReport } from './evaluate'

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`

export function formatGrounding(r: GroundingReport): string {
  const { offTopic, claims, followUps } = r
  const notAnswered = offTopic.abstained + offTopic.smallTalk
  return [
    table(
      ['question set', 'n', 'measure', 'value'],
      [
        [
          'off-topic',
          offTopic.questions,
          'abstained (incl. small talk)',
          pct(notAnswered, offTopic.questions),
        ],
        ['off-topic', offTopic.questions, 'small talk replies', offTopic.smallTalk],
        ['claims', claims.questions, 'answered', pct(claims.answered, claims.questions)],
        ['claims', claims.questions, 'gold cited', pct(claims.goldCited, claims.questions)],
        [
          'claims',
          claims.questions,
          'gold in evidence (top 10)',
          pct(claims.goldRetrieved, claims.questions),
        ],
      ],
    ),
    '',
    table(
      ['follow-ups', 'n', 'hit@10', 'mrr@10'],
      [
        [
          'raw follow-up',
          followUps.conversations,
          followUps.raw.hitAt10.toFixed(3),
          followUps.raw.mrrAt10.toFixed(3),
        ],
        [
          'rewritten',
          followUps.conversations,
          followUps.rewritten.hitAt10.toFixed(3),
          followUps.rewritten.mrrAt10.toFixed(3),
        ],
      ],
    ),
    '',
    offTopic.answered.length
      ? `off-topic answered: ${offTopic.answered.join(' | ')}`
      : 'off-topic answered: none',
  ].join('\n')
}
