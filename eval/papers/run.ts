// `npm run eval -- --papers <folder of PDFs> [--data <BEIR folder> --split train] [--json]`:
// indexes each PDF per page into a paper namespace (the papers chunker preset, offline
// embedder, real local D1), optionally with a BEIR corpus beside it (realistic term
// statistics), and prints page-citation accuracy and abstention (evaluate.ts).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { indexPaperPages } from '../../workers/papers/load'
import { extractPdfPages, type PdfPage } from '../../workers/sources'
import { offlineRetriever, type IndexedCorpus } from '../pipeline'
import { evaluatePapers, type PaperReport } from './evaluate'
import { buildQuestions } from './questions'
import { readOffTopic } from '../grounding/sets'

const SESSION = 'eval'

function formatReport(r: PaperReport): string {
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`)
  return [
    `page questions            ${r.questions} (answered ${r.answered}, ${pct(r.answered, r.questions)})`,
    `page-citation accuracy    ${pct(r.supported, r.citations)} (${r.supported}/${r.citations} citations: cited page holds the sentence)`,
    `gold page cited           ${pct(r.goldCited, r.answered)} of answered questions`,
    `wrong pages after check   ${pct(r.perturbed.supportedAfterCheck, r.perturbed.citations)} supported (${r.perturbed.corrected} corrected)`,
    `off-topic abstention      ${pct(r.offTopic.abstained, r.offTopic.questions)} (${r.offTopic.abstained}/${r.offTopic.questions})`,
    ...r.offTopic.answered.map((q) => `  answered off-topic: ${q}`),
  ].join('\n')
}

export async function runPapers(input: {
  folder: string
  index: IndexedCorpus
  json: boolean
  log: (m: string) => void
}): Promise<void> {
  const { index } = input
  const pages = new Map<string, PdfPage[]>()
  const questions = []
  for (const file of readdirSync(input.folder)
    .filter((f) => f.endsWith('.pdf'))
    .sort()) {
    const title = file.replace(/\.pdf$/i, '')
    const extracted = await extractPdfPages(
      new Uint8Array(readFileSync(path.join(input.folder, file))),
    )
    pages.set(title, extracted)
    const paper = {
      id: `eval:${title}`,
      title,
      arxivId: null,
      pdfUrl: null,
      authors: [],
      year: null,
      abstract: null,
      absUrl: null,
    }
    await indexPaperPages(index, SESSION, paper, extracted)
    questions.push(...buildQuestions(title, extracted))
    input.log(`indexed ${file}: ${extracted.length} pages`)
  }
  const retriever = offlineRetriever(index)
  const offTopic = readOffTopic().map((q) => q.q)
  const report = await evaluatePapers({
    deps: { retriever, db: index.db },
    session: SESSION,
    pages,
    questions,
    offTopic,
    log: input.log,
  })
  process.stdout.write(input.json ? `${JSON.stringify(report)}\n` : `${formatReport(report)}\n`)
}
