// "Put the paragraph back" cases built from documents with known sections: SciFact's
// structured abstracts ("BACKGROUND … METHODS … RESULTS … CONCLUSIONS …") become markdown
// papers with one ## section per label and paragraphs of two sentences. A case removes one
// paragraph and asks, in one of several phrasings and with the section named the way people
// name it, to add it to its section. Deterministic (seeded) so runs compare.
import type { CorpusRow } from '../../workers/retrieval'

export interface PlacementCase {
  id: string
  /** The document with the paragraph removed. */
  markdown: string
  paragraph: string
  instruction: string
  /** The heading the paragraph came from. */
  section: string
}

const LABEL =
  /\b(BACKGROUND|INTRODUCTION|OBJECTIVES?|AIMS?|PURPOSE|METHODS?|METHODOLOGY|DESIGN|MATERIALS AND METHODS|RESULTS|FINDINGS|CONCLUSIONS?|INTERPRETATION|DISCUSSION|CONTEXT|SETTING|PARTICIPANTS|MEASUREMENTS?)\b(?:\s*(?:AND|&)\s*(?:METHODS?|RESULTS|FINDINGS|RELEVANCE|SIGNIFICANCE|SETTING|PARTICIPANTS|AIMS?|PURPOSE|MATERIALS|INTERPRETATION|DESIGN|OBJECTIVES?|CONCLUSIONS?)\b)?\s*[:.]?\s+(?=[A-Z0-9])/g

/** How a user might name each kind of section: its own word or a common alternative. */
const SPOKEN: Record<string, string[]> = {
  background: ['background', 'intro', 'introduction'],
  introduction: ['introduction', 'intro', 'background'],
  objective: ['objective', 'aims'],
  objectives: ['objectives', 'aims'],
  methods: ['methods', 'methodology', 'method section'],
  method: ['method', 'methods', 'methodology'],
  design: ['design', 'study design'],
  results: ['results', 'findings', 'results section'],
  findings: ['findings', 'results'],
  conclusions: ['conclusions', 'conclusion', 'summary'],
  conclusion: ['conclusion', 'conclusions'],
  interpretation: ['interpretation', 'interpretation section'],
  discussion: ['discussion'],
  context: ['context'],
}

const TEMPLATES = [
  (s: string) => `Add this paragraph to the ${s} section.`,
  (s: string) => `Put the following back into ${s}.`,
  (s: string) => `This belongs under ${s}, please add it there.`,
  (s: string) => `Please insert it in the ${s}.`,
  (s: string) => `Can you add this to my ${s}?`,
]

function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const titleCase = (label: string) =>
  label
    .toLowerCase()
    .replace(/\b[a-z]/g, (c) => c.toUpperCase())
    .replace(/\b(And|Of)\b/g, (w) => w.toLowerCase())

function sections(text: string): { heading: string; body: string }[] {
  const marks = [...text.matchAll(LABEL)]
  return marks.map((m, i) => ({
    heading: titleCase(m[0].replace(/[:.]?\s+$/, '').trim()),
    body: text.slice((m.index ?? 0) + m[0].length, marks[i + 1]?.index ?? text.length).trim(),
  }))
}

function paragraphs(body: string): string[] {
  const sentences = body.split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean)
  const out: string[] = []
  for (let i = 0; i < sentences.length; i += 2) out.push(sentences.slice(i, i + 2).join(' '))
  return out
}

export function buildCases(rows: CorpusRow[], limit: number, seed = 2026): PlacementCase[] {
  const rand = random(seed)
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)] as T
  const cases: PlacementCase[] = []
  for (const row of rows) {
    if (cases.length >= limit) break
    const parts = sections(row.text).filter((s) => s.body.length > 40)
    const headings = new Set(parts.map((p) => p.heading))
    if (parts.length < 3 || headings.size !== parts.length) continue
    const doc = parts.map((p) => ({ heading: p.heading, paras: paragraphs(p.body) }))
    const target = pick(doc)
    const paragraph = pick(target.paras)
    const markdown = [
      `# ${row.title}`,
      ...doc.map((s) =>
        [`## ${s.heading}`, ...s.paras.filter((p) => p !== paragraph)].join('\n\n'),
      ),
    ].join('\n\n')
    const key = target.heading.toLowerCase().split(/\s+/)[0] ?? ''
    const spoken = pick(SPOKEN[key] ?? [target.heading.toLowerCase()])
    cases.push({
      id: row._id,
      markdown: `${markdown}\n`,
      paragraph,
      instruction: pick(TEMPLATES)(spoken),
      section: target.heading,
    })
  }
  return cases
}
