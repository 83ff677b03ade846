// npm run eval -- --writing [--url http://127.0.0.1:8787] [--split tune|heldout|all] [--json]
//   [--details out.json]
// Writing requests through the route a user calls (POST /api/chat/message, approve, GET the
// document, export) against a running Quire with its default configuration: off-topic
// requests must be declined; on-topic drafts must be exactly their attributed sentences, each
// traceable to the source it cites; section additions must land in the named section with
// their citations and references. The request set is eval/writing/requests.json.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { checkDraft, type SentenceCheck } from './checks'
import { QuireClient, type Session, type WriteAnswer } from './client'

interface Request {
  id: string
  message: string
  heldout: boolean
  section?: string
}

interface RequestSet {
  document: string
  on_topic: Request[]
  off_topic: Request[]
  sections: Request[]
}

interface Outcome {
  id: string
  set: 'on_topic' | 'off_topic' | 'sections'
  heldout: boolean
  message: string
  /** The section a section addition names. */
  section?: string
  drafted: boolean
  reason?: string
  covered?: boolean
  sentences?: SentenceCheck[]
  placedIn?: string | null
  citationsExact?: boolean
  referencesExact?: boolean
}

function sectionOf(markdown: string, needle: string): string | null {
  const at = markdown.indexOf(needle)
  if (at < 0) return null
  const headings = [...markdown.slice(0, at).matchAll(/^#{1,6}\s+(.+)$/gm)]
  return headings.at(-1)?.[1]?.trim() ?? null
}

async function draftOutcome(client: QuireClient, answer: WriteAnswer) {
  const drafted = answer.status === 'pending_approval'
  if (!drafted) return { drafted, reason: answer.reason ?? answer.response.slice(0, 120) }
  const checked = await checkDraft(answer, (id) => client.sourceText(id))
  return { drafted, covered: checked.covered, sentences: checked.sentences }
}

async function sectionOutcome(client: QuireClient, session: Session, answer: WriteAnswer) {
  const base = await draftOutcome(client, answer)
  if (!answer.pending_content_id) return base
  await client.decide(session, answer.pending_content_id, 'approve')
  const [doc, cited] = await Promise.all([client.document(session), client.cited(session)])
  const first = answer.attributions[0]?.text ?? answer.document_content
  // Each placed sentence carries its citation; References hold exactly the cited works.
  const allCited = answer.attributions.every((a) => {
    const marks = a.sources.map(() => '\\[\\d+\\]').join('')
    const body = a.text.replace(/[.!?]$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return new RegExp(`${body} ${marks}[.!?]`).test(cited.markdown)
  })
  const works = new Set(
    answer.attributions.flatMap((a) =>
      a.sources.map((n) => answer.sources.find((s) => s.number === n)?.sourceId),
    ),
  )
  const listed = new Set(cited.references.map((r) => r.id))
  return {
    ...base,
    placedIn: sectionOf(doc.markdown, first),
    citationsExact: allCited,
    referencesExact: works.size === listed.size && [...works].every((w) => w && listed.has(w)),
  }
}

async function runSet(
  client: QuireClient,
  set: RequestSet,
  name: Outcome['set'],
  requests: Request[],
) {
  const out: Outcome[] = []
  for (const request of requests) {
    const session = await client.session()
    if (name === 'sections') await client.put(session, set.document)
    const answer = await client.ask(session, request.message)
    const outcome =
      name === 'sections'
        ? await sectionOutcome(client, session, answer)
        : await draftOutcome(client, answer)
    out.push({
      id: request.id,
      set: name,
      heldout: request.heldout,
      message: request.message,
      ...(request.section ? { section: request.section } : {}),
      ...outcome,
    })
  }
  return out
}

const share = (n: number, d: number) => (d ? `${n}/${d} = ${(n / d).toFixed(3)}` : '0/0')

export function summarise(outcomes: Outcome[]) {
  const of = (set: Outcome['set']) => outcomes.filter((o) => o.set === set)
  const drafts = outcomes.filter((o) => o.set !== 'off_topic' && o.drafted)
  const sentences = drafts.flatMap((o) => o.sentences ?? [])
  const traceableDraft = (o: Outcome) => o.covered && (o.sentences ?? []).every((s) => s.traceable)
  const problem = (p: string) => sentences.filter((s) => s.problems.includes(p)).length
  const sections = of('sections').filter((o) => o.drafted)
  const offTopic = of('off_topic')
  const onTopic = of('on_topic')
  return {
    off_topic_declined: share(offTopic.filter((o) => !o.drafted).length, offTopic.length),
    on_topic_drafted: share(onTopic.filter((o) => o.drafted).length, onTopic.length),
    drafts_every_sentence_traceable: share(drafts.filter(traceableDraft).length, drafts.length),
    sentences: {
      total: sentences.length,
      traceable: sentences.filter((s) => s.traceable).length,
      attributed_frame: sentences.filter((s) => s.frameWords > 0).length,
      not_whole: problem('not a whole sentence'),
      section_label: problem('section label'),
      empty_reference: problem('empty reference'),
      first_person: problem('first person'),
      needs_sentence_before: problem('needs the sentence before'),
    },
    sections_drafted: share(sections.length, of('sections').length),
    sections_placed_in_named_section: share(
      sections.filter((o) => o.placedIn === o.section).length,
      sections.length,
    ),
    sections_citations_exact: share(
      sections.filter((o) => o.citationsExact).length,
      sections.length,
    ),
    sections_references_exact: share(
      sections.filter((o) => o.referencesExact).length,
      sections.length,
    ),
  }
}

export async function runWritingEval(options: {
  url: string
  split: string
  json: boolean
  details?: string
  log: (message: string) => void
}): Promise<void> {
  const set = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, 'requests.json'), 'utf8'),
  ) as RequestSet
  const pick = (requests: Request[]) =>
    requests.filter((r) => options.split === 'all' || (options.split === 'heldout') === r.heldout)
  const client = new QuireClient(options.url.replace(/\/$/, ''))
  const health = await client.call<{ corpus?: { state: string } }>('/health')
  if (health.corpus?.state !== 'ready')
    throw new Error(`the corpus is not ready: ${JSON.stringify(health.corpus)}`)
  const outcomes: Outcome[] = []
  for (const name of ['off_topic', 'on_topic', 'sections'] as const) {
    options.log(`${name}: ${pick(set[name]).length} requests`)
    outcomes.push(...(await runSet(client, set, name, pick(set[name]))))
  }
  if (options.details) writeFileSync(options.details, JSON.stringify(outcomes, null, 1))
  const bySplit = {
    tune: summarise(outcomes.filter((o) => !o.heldout)),
    heldout: summarise(outcomes.filter((o) => o.heldout)),
    all: summarise(outcomes),
  }
  const report = options.split === 'all' ? bySplit : { [options.split]: bySplit.all }
  process.stdout.write(`${JSON.stringify(report, null, options.json ? 0 : 2)}\n`)
}
