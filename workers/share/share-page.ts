// The page a share link opens, rendered on the server: the transcript's text and its Open
// Graph tags are in the HTML itself (link previews read no script). Everything shown is
// stored text, so all of it is escaped; citation markers link to the answer's own sources.
import { escapeUTF8 as escapeHtml } from 'entities/escape'
import { documentHtml, documentText, documentTitle } from './document-html'
import type { SharedMessage, SharedSession, SharedVerdict } from './transcript'

function safeHref(url: string | null, origin: string): string | null {
  if (!url) return null
  if (url.startsWith('/')) return escapeHtml(`${origin}${url}`)
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : null
}

/** Paragraphs of escaped text; [n] becomes a link to source n of this message. */
function body(message: SharedMessage, index: number): string {
  const cited = new Set(message.sources.map((source) => source.number))
  return message.content
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const html = escapeHtml(paragraph)
        .replace(/\n/g, '<br>')
        .replace(/\[(\d{1,3})\]/g, (marker, n: string) =>
          cited.has(Number(n)) ? `<a href="#m${index}-s${n}">${marker}</a>` : marker,
        )
      return `<p>${html}</p>`
    })
    .join('\n')
}

function sources(message: SharedMessage, index: number, origin: string): string {
  if (message.sources.length === 0) return ''
  const items = message.sources.map((source) => {
    const href = safeHref(source.url, origin)
    const title = escapeHtml(source.title)
    const link = href ? `<a href="${href}" rel="noopener noreferrer nofollow">${title}</a>` : title
    const domain = source.domain ? ` <span class="domain">${escapeHtml(source.domain)}</span>` : ''
    return `<li id="m${index}-s${source.number}" value="${source.number}">${link}${domain}</li>`
  })
  return `<ol class="sources">${items.join('')}</ol>`
}

const SPEAKERS: Record<SharedVerdict['speaker'], string> = {
  optimist: 'Scientist 1',
  pessimist: 'Scientist 2',
}

/** A debate's verdicts, one row per turn: what each scientist concluded, as parsed by Quire. */
function verdictTable(verdicts: SharedVerdict[]): string {
  if (verdicts.length === 0) return ''
  const cell = (value: string | null) => `<td>${escapeHtml(value ?? '—')}</td>`
  const rows = verdicts.map(
    (v) =>
      `<tr><td>${v.round}</td>${cell(SPEAKERS[v.speaker])}${cell(v.agreement)}${cell(v.viability)}` +
      `${cell(v.validation)}${cell(v.override ?? v.conclusion)}</tr>`,
  )
  return `<table class="verdicts"><caption>Verdicts</caption><thead><tr><th>Round</th><th>Speaker</th>
<th>Agreement</th><th>Viability</th><th>Validation</th><th>Conclusion</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>`
}

function messageBlock(message: SharedMessage, index: number, origin: string): string {
  if (message.role === 'user') return `<h2 class="question">${escapeHtml(message.content)}</h2>`
  const notes = [
    message.partial ? 'This answer was cut off before it finished.' : '',
    message.mode && message.mode !== 'online' ? `Answered in ${message.mode} mode.` : '',
  ].filter(Boolean)
  const note = notes.length ? `<p class="note">${escapeHtml(notes.join(' '))}</p>` : ''
  return `<section class="answer">${note}${body(message, index)}${sources(message, index, origin)}${verdictTable(message.verdicts)}</section>`
}

function description(shared: SharedSession): string {
  const answer =
    (shared.document && documentText(shared.document.markdown)) ??
    shared.messages.find((m) => m.role === 'assistant')?.content ??
    ''
  const flat = answer
    .replace(/\[\d{1,3}\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > 200 ? `${flat.slice(0, 197).trimEnd()}…` : flat || 'A conversation in Quire'
}

/** A Write session's document, then the conversation that made it. */
function documentBlock(shared: SharedSession): string {
  if (!shared.document) return ''
  return `<article class="document" aria-label="Document, version ${shared.document.version}">
${documentHtml(shared.document.markdown)}</article>
${shared.messages.length ? '<h2 class="conversation">The conversation behind it</h2>' : ''}`
}

export function renderSharePage(shared: SharedSession, pageUrl: string): string {
  const origin = new URL(pageUrl).origin
  const docTitle = shared.document ? documentTitle(shared.document.markdown) : null
  const title = escapeHtml(docTitle ?? shared.title)
  const kind = shared.document ? 'document' : 'conversation'
  const blocks = shared.messages.map((m, i) => messageBlock(m, i, origin)).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Quire</title>
<meta name="description" content="${escapeHtml(description(shared))}">
<meta property="og:type" content="article"><meta property="og:site_name" content="Quire">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${escapeHtml(description(shared))}">
<meta property="og:url" content="${escapeHtml(pageUrl)}">
<meta name="robots" content="noindex">
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1.25rem;color:#1d1f23;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#15171a}a{color:#8fb3ff}}
h1{font-size:1.1rem;color:#5b616b}.question{font-size:1.3rem;line-height:1.35;margin-top:2.5rem}
.sources{font-size:.9rem}.domain,.note{color:#5b616b}.note{font-style:italic}a{color:#2b59c3}
.verdicts{border-collapse:collapse;font-size:.85rem;margin-top:1rem}.verdicts td,.verdicts th{border:1px solid #8884;padding:.2rem .45rem;text-align:left}
.document{border-bottom:1px solid #8884;padding-bottom:1.5rem}.conversation{font-size:1rem;color:#5b616b}</style></head>
<body><h1><a href="${escapeHtml(origin)}/">Quire</a> · a shared, read-only ${kind}</h1>
${documentBlock(shared)}
${blocks}</body></html>`
}

export function renderMissingSharePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link unavailable · Quire</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head>
<body style="font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1.25rem">
<h1>This link is not available</h1><p>It may have been revoked, or it has expired.</p></body></html>`
}
