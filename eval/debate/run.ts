// `npm run eval -- --debate --data <SciFact folder> [--debates n] [--seed s] [--json]`:
// scripted debates through the real runDebate over a SciFact train slice in a real local D1,
// graded turn by turn (measure.ts): citation precision of the text shown to the user, exact
// references, stripped markers. Import it only after allowWorkerdImports() (workerd-shim.ts).
import { readBeir } from '../beir'
import { openLocalD1 } from '../local-d1'
import { indexCorpus } from '../pipeline'
import { table } from '../report'
import { runScriptedDebate } from './harness'
import { addCounts, emptyCounts, measureDebate, precisionOf, type CitationCounts } from './measure'
import { selectDebates } from './select'

const MAX_TURNS = 3
/** Abstracts indexed besides the debates' gold ones: enough distractors, quick to index. */
const SLICE = 1_500

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

function row(label: string, end: string, c: CitationCounts): string[] {
  return [
    label,
    end,
    String(c.turns),
    String(c.shown),
    String(c.precise),
    pct(precisionOf(c)),
    `${c.referencesExact}/${c.turns}`,
    String(c.stripped.never),
    String(c.stripped.earlier),
    String(c.shownEarlier),
    `${c.code.kept}/${c.code.written}`,
    String(c.code.readAsCitations),
  ]
}

const HEADER = [
  'debate',
  'end',
  'turns',
  'shown',
  'precise',
  'precision',
  'refs exact',
  'stripped never-given',
  'stripped earlier-turn',
  'shown earlier-turn',
  'code [n] as written',
  'code [n] read as citation',
]

export async function runDebateEval(input: {
  data: string
  debates: number
  seed: number
  json: boolean
  keep: boolean
  log: (m: string) => void
}): Promise<void> {
  const started = Date.now()
  const set = selectDebates(readBeir(input.data, 'train'), input.debates, SLICE)
  const local = await openLocalD1(`eval-debate-${process.pid}`, { fresh: true })
  try {
    const index = await indexCorpus(local.db, set.corpus, input.log)
    input.log(
      `indexed ${set.corpus.length} abstracts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
    const total = emptyCounts()
    const rows: string[][] = []
    const perDebate = []
    for (const [at, question] of set.questions.entries()) {
      const record = await runScriptedDebate({
        index,
        question: question.text,
        seed: input.seed + at,
        maxTurns: MAX_TURNS,
      })
      const counts = measureDebate(record)
      addCounts(total, counts)
      const terminal = record.outcome.terminal
      rows.push(row(`claim ${question.id}`, terminal, counts))
      perDebate.push({ claim: question.id, terminal, ...counts, precision: precisionOf(counts) })
      input.log(`debate ${at + 1}/${set.questions.length}: ${terminal}, ${counts.turns} turns`)
    }
    rows.push(row('all', `${set.questions.length} debates`, total))
    const seconds = (Date.now() - started) / 1000
    if (input.json) {
      const overall = { ...total, precision: precisionOf(total), seconds }
      process.stdout.write(`${JSON.stringify({ overall, debates: perDebate })}\n`)
    } else {
      process.stdout.write(`${table(HEADER, rows)}\n`)
      process.stdout.write(
        `precision ${pct(precisionOf(total))} over ${total.shown} shown citations, ${seconds.toFixed(0)} s\n`,
      )
    }
  } finally {
    await local.dispose({ keep: input.keep })
  }
}
