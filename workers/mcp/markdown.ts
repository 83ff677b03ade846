// Readable text for MCP clients: a source as markdown and a session's transcript as a
// markdown document, plus the quire:// resource URIs that name them.
import type { SourceView } from '../answer'
import type { SharedTranscript } from '../share'

export const sourceUri = (id: string) => `quire://sources/${encodeURIComponent(id)}`
export const documentUri = (session: string) => `quire://documents/${session}`

export function sourceMarkdown(view: SourceView): string {
  const lines = [`# ${view.title}`, '']
  if (view.authors.length > 0) lines.push(`Authors: ${view.authors.join(', ')}`)
  if (view.year !== null) lines.push(`Year: ${view.year}`)
  if (view.venue) lines.push(`Venue: ${view.venue}`)
  if (view.doi) lines.push(`DOI: ${view.doi}`)
  if (view.url) lines.push(`URL: ${view.url}`)
  lines.push(`Kind: ${view.kind}`, `Id: ${view.id}`)
  if (view.abstract) lines.push('', '## Abstract', '', view.abstract)
  if (view.passages.length > 0) {
    lines.push('', '## Passages')
    for (const passage of view.passages) {
      const where = passage.page === null ? '' : ` (p. ${passage.page})`
      lines.push('', `---${where}`, '', passage.text)
    }
  }
  return lines.join('\n')
}

export function transcriptMarkdown(transcript: SharedTranscript): string {
  const lines = [`# ${transcript.title}`]
  for (const message of transcript.messages) {
    const heading = message.role === 'user' ? '## Question' : '## Answer'
    lines.push('', heading + (message.partial ? ' (partial: stopped or interrupted)' : ''), '')
    lines.push(message.content || '_(empty)_')
    if (message.sources.length > 0) {
      lines.push('', 'Sources:')
      for (const source of message.sources) {
        lines.push(`[${source.number}] ${source.title}${source.url ? ` — ${source.url}` : ''}`)
      }
    }
  }
  return lines.join('\n')
}
