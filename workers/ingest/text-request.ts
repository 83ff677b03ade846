// Turns a 'text' job (plain text or Markdown) into an IndexRequest. Without a caller id the
// source id is a hash of title + text, so re-sending the same text adds nothing.
import type { DocumentInput, IndexRequest } from '../retrieval'
import type { IngestJob } from './schemas'

type TextJob = Extract<IngestJob, { type: 'text' }>
type Page = DocumentInput['pages'][number]

export async function textToIndexRequest(job: TextJob, namespace: string): Promise<IndexRequest> {
  const externalId = job.external_id ?? `sha256:${await sha256Hex(`${job.title}\n${job.text}`)}`
  const format = job.format ?? 'text'
  const pages =
    format === 'markdown' ? splitMarkdownSections(job.text) : [{ page: null, text: job.text }]
  return {
    source: { kind: 'text', externalId, title: job.title, metadata: { format } },
    documents: [{ title: job.title, pages }],
    namespace,
  }
}

/** One section per ATX heading outside fenced code; empty sections are dropped. */
export function splitMarkdownSections(markdown: string): Page[] {
  const sections: Page[] = []
  let heading: string | null = null
  let lines: string[] = []
  let inFence = false
  const flush = () => {
    const text = lines.join('\n').trim()
    if (text) sections.push({ page: null, heading, text })
  }
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence
    const match = inFence ? null : /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    if (match?.[1]) {
      flush()
      heading = match[1]
      lines = []
    } else {
      lines.push(line)
    }
  }
  flush()
  return sections.length > 0 ? sections : [{ page: null, text: markdown }]
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
