// The page-citation report: every PDF indexed into one paper namespace, each built question
// answered through paper chat's offline path (evidence -> abstain or extractive answer ->
// citation check), and each citation judged: does the cited page contain the text it
// supports? Also: gold page cited, abstention on off-topic questions, and the checker's
// repair of deliberately wrong pages.
// Leaf modules, not the folder's index: the index registers the chat run, which loads the
// Durable Object runtime (cloudflare:workers) that Node cannot import.
import { stripReferenceMarkers } from '../../workers/grounding'
import { gatherEvidence, type EvidenceDeps } from '../../workers/papers/evidence'
import { extractivePaperAnswer } from '../../workers/papers/offline-chat'
import { checkPageCitations } from '../../workers/papers/page-citations'
import type { PdfPage } from '../../workers/sources'
import { squash, type PageQuestion } from './questions'

export interface PaperReport {
  questions: number
  answered: number
  citations: number
  supported: number
  goldCited: number
  perturbed: { citations: number; supportedAfterCheck: number; corrected: number }
  offTopic: { questions: number; abstained: number; answered: string[] }
}

const CITED = /([^.\]]*?[.!?])\s\[([^\]]+), Page (\d+)\]/g

/** Pairs of (sentence, cited title, page) in an answer. */
function citedSentences(answer: string) {
  return [...answer.matchAll(CITED)].map((m) => ({
    sentence: m[1] ?? '',
    title: m[2] ?? '',
    page: Number(m[3]),
  }))
}

/** The same answer with every page moved to the next page of its paper (a model's typical slip). */
function perturb(answer: string, pageCounts: Map<string, number>): string {
  return answer.replace(/\[([^\]]+), Page (\d+)\]/g, (_m, title: string, page: string) => {
    const count = pageCounts.get(title) ?? 1
    return `[${title}, Page ${(Number(page) % count) + 1}]`
  })
}

export async function evaluatePapers(input: {
  deps: EvidenceDeps
  session: string
  pages: Map<string, PdfPage[]>
  questions: PageQuestion[]
  offTopic: string[]
  log: (m: string) => void
}): Promise<PaperReport> {
  const signal = new AbortController().signal
  const pageText = (title: string, page: number) =>
    // The answer writer drops the papers' own reference markers ("[15]"); so does the judge.
    squash(stripReferenceMarkers(input.pages.get(title)?.find((p) => p.page === page)?.text ?? ''))
  const report: PaperReport = {
    questions: input.questions.length,
    answered: 0,
    citations: 0,
    supported: 0,
    goldCited: 0,
    perturbed: { citations: 0, supportedAfterCheck: 0, corrected: 0 },
    offTopic: { questions: input.offTopic.length, abstained: 0, answered: [] },
  }
  const pageCounts = new Map([...input.pages].map(([title, pages]) => [title, pages.length]))
  const judge = (answer: string) =>
    citedSentences(answer).map((c) => pageText(c.title, c.page).includes(squash(c.sentence)))
  for (const q of input.questions) {
    const evidence = await gatherEvidence(input.deps, input.session, q.question, [], signal)
    if (evidence.abstain !== undefined) {
      if (process.env.PAPERS_DEBUG) input.log(`ABSTAIN ${q.question} (${evidence.abstain})`)
      continue
    }
    report.answered += 1
    const checked = checkPageCitations(
      extractivePaperAnswer(q.question, evidence.pages),
      evidence.pages,
    )
    const verdicts = judge(checked.text)
    report.citations += verdicts.length
    if (process.env.PAPERS_DEBUG)
      citedSentences(checked.text).forEach((c, k) => {
        if (!verdicts[k]) input.log(`UNSUPPORTED p${c.page} ${c.title}: ${c.sentence}`)
      })
    report.supported += verdicts.filter(Boolean).length
    if (checked.citations.some((c) => c.title === q.paper && c.page === q.goldPage))
      report.goldCited += 1
    const repaired = checkPageCitations(perturb(checked.text, pageCounts), evidence.pages)
    const after = judge(repaired.text)
    report.perturbed.citations += after.length
    report.perturbed.supportedAfterCheck += after.filter(Boolean).length
    report.perturbed.corrected += repaired.corrected
  }
  for (const question of input.offTopic) {
    const evidence = await gatherEvidence(input.deps, input.session, question, [], signal)
    if (evidence.abstain !== undefined) report.offTopic.abstained += 1
    else report.offTopic.answered.push(question)
  }
  input.log(`answered ${report.answered}/${report.questions} page questions`)
  return report
}
