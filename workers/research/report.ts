// The report step: each covered section verified (verify.ts), its [n] renumbered into one
// list of the sources the sub-questions found and cited, a gap line for each sub-question the
// library does not cover, and References formatted by the writing stack. Only cited sources
// are listed, so every [n] in the Markdown resolves to one of them.
import { createMarkerRewriter } from '../grounding'
import { formatReferences, type CitedWork } from './references'
import type { ReportSource, ResearchReport, ResearchSection } from './types'
import { verifySection } from './verify'

export interface ReportInput {
  question: string
  sections: ResearchSection[]
  mode: 'offline' | 'online' | 'degraded'
  partial: boolean
}

/** A work's identity across sections: two sections reading one document cite one number. */
const workKey = (s: { source_id?: string; url: string; title: string }) =>
  s.source_id ?? (s.url || s.title)

/** "The library has nothing on what limits X." (the sub-question, as a clause). */
export function gapLine(question: string): string {
  const clause = question.trim().replace(/[?.!\s]+$/, '')
  const lowered = /^\p{Lu}\p{Ll}/u.test(clause)
    ? clause.charAt(0).toLowerCase() + clause.slice(1)
    : clause
  return `The library has nothing on ${lowered}.`
}

function modeNote(input: ReportInput): string {
  const how =
    input.mode === 'offline'
      ? 'Offline: an extractive report; each section quotes the passages its sub-question found, attributed by [n].'
      : 'Each section is the grounded answer to its sub-question, cited by [n].'
  const partial = input.partial ? ' Stopped: only the sections finished before the stop.' : ''
  return `_Mode: ${input.mode}. ${how}${partial}_`
}

export async function buildReport(db: D1Database, input: ReportInput): Promise<ResearchReport> {
  const works = new Map<string, CitedWork>()
  const blocks: string[] = []
  const gaps: string[] = []
  let checked = 0
  let removed = 0
  const ordered = [...input.sections].sort((a, b) => a.index - b.index)
  for (const section of ordered) {
    const heading = `## ${section.index + 1}. ${section.question}\n\n_Why: ${section.why}_`
    const verified = section.abstained ? null : verifySection(section.answer, section.sources)
    checked += verified?.checked ?? 0
    removed += verified?.removed ?? 0
    if (!verified || !verified.text.trim() || verified.checked === verified.removed) {
      gaps.push(section.question)
      blocks.push(`${heading}\n\n${gapLine(section.question)}`)
      continue
    }
    const rewriter = createMarkerRewriter((n) => {
      const local = section.sources[n - 1]
      if (!local) return ''
      const key = workKey(local)
      let work = works.get(key)
      if (!work) {
        const source: ReportSource = {
          number: works.size + 1,
          title: local.title,
          url: local.url,
          domain: local.domain,
          snippet: local.snippet,
          sections: [],
        }
        work = { source, ...(local.source_id ? { sourceId: local.source_id } : {}) }
        works.set(key, work)
      }
      if (!work.source.sections.includes(section.index)) work.source.sections.push(section.index)
      return `[${work.source.number}]`
    })
    const text = rewriter.push(verified.text) + rewriter.flush()
    blocks.push(`${heading}\n\n${text}`)
  }
  const cited = [...works.values()]
  const { references, bibtex } = await formatReferences(db, cited)
  const title = `# Research report: ${input.question.trim()}`
  const summary = coverageSummary(ordered.length, gaps.length)
  const refs =
    references.length > 0
      ? `## References\n\n${references.map((r) => `- [${r.number}] ${r.apa}`).join('\n')}`
      : ''
  const verification = `_Verification: ${checked} cited sentences checked against their passages; ${removed} unsupported removed._`
  const markdown = [title, modeNote(input), summary, ...blocks, refs, verification]
    .filter(Boolean)
    .join('\n\n')
  return {
    markdown,
    sources: cited.map((w) => w.source),
    references,
    bibtex,
    verification: { method: 'term-support', checked, removed },
    gaps,
    partial: input.partial,
  }
}

function coverageSummary(total: number, gaps: number): string {
  if (total === 0) return 'No sub-question was researched.'
  if (gaps === total) return `The library has nothing on any of the ${total} sub-questions.`
  if (gaps === 0) return `The library covers all ${total} sub-questions.`
  const are = gaps === 1 ? '1 is a gap' : `${gaps} are gaps`
  return `The library covers ${total - gaps} of ${total} sub-questions; ${are}.`
}
