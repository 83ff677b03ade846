// The page a share link opens, rendered on the server: the transcript's text and its Open
// Graph tags are in the HTML itself (link previews read no script). Every unavailable link
// (revoked, expired, unknown, forged, malformed) gets the same page, so none can be told apart.
import { toString } from 'mdast-util-to-string'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { documentHtml, documentText, documentTitle } from './document-html'
import { escapeHtml, messageHtml } from './message-html'
import type { SharedSession } from './transcript'

const STYLE = `body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1.25rem;color:#1d1f23;background:#fff;overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#15171a}a{color:#8fb3ff}}
h1{font-size:1.5rem;line-height:1.3}.site{color:#5b616b;margin:0}.question{font-size:1.3rem;line-height:1.35;margin-top:2.5rem}
.sources,.references{font-size:.9rem}.references{list-style:none;padding-left:0}.ref-num{font-weight:600}
.domain,.note,.verdict{color:#5b616b}.note{font-style:italic}a{color:#2b59c3}
pre,code{white-space:pre-wrap}img{max-width:100%}table{display:block;overflow-x:auto}
.turn{border-left:3px solid #8886;padding-left:1rem;margin:1.5rem 0}.turn h3{margin-bottom:.25rem}.turn h4{font-size:.95rem;margin-bottom:.25rem}
.ending{border-top:2px solid #2b59c3;padding-top:.5rem}
.verdicts{border-collapse:collapse;font-size:.85rem;margin-top:1rem}.verdicts td,.verdicts th{border:1px solid #8884;padding:.2rem .45rem;text-align:left}
.claim-map{border:1px solid #8884;border-radius:8px;padding:0 1rem .5rem;margin:1rem 0}.claim-map :is(h2,h3,h4){font-size:1.05rem;margin:1rem 0 .3rem}.claim-map section :is(h3,h4,h5){font-size:.95rem}
.claim-evidence,.claim-quotes{padding-left:1.1rem}.claim-quotes{font-size:.9rem}.claim-evidence>li{margin:.4rem 0}
.document{border-bottom:1px solid #8884;padding-bottom:1.5rem}.conversation{font-size:1rem;color:#5b616b}`

function plain(markdown: string): string {
  return toString(fromMarkdown(markdown))
}

function description(shared: SharedSession): string {
  const answer = shared.messages.find((m) => m.role === 'assistant')
  const text = shared.document
    ? documentText(shared.document.markdown)
    : (answer?.debate?.conclusion ?? plain(answer?.content ?? ''))
  const flat = text
    .replace(/\[\d{1,3}\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > 200 ? `${flat.slice(0, 197).trimEnd()}…` : flat || 'A conversation in Quire'
}

type Kind = 'document' | 'debate' | 'conversation'

function kindOf(shared: SharedSession): Kind {
  if (shared.document) return 'document'
  return shared.messages.some((m) => m.debate) ? 'debate' : 'conversation'
}

/** A document's own title (its top heading); else the session's first question names it. */
function titleOf(shared: SharedSession, kind: Kind): string {
  const own = shared.document ? documentTitle(shared.document.markdown) : null
  if (own) return own
  const asked = shared.messages.some((m) => m.role === 'user')
  if (kind === 'document') return asked ? `Document: ${shared.title}` : 'A shared document'
  return kind === 'debate' ? `Debate: ${shared.title}` : shared.title
}

/** A Write session's document, then the conversation that made it. */
function documentBlock(shared: SharedSession): string {
  if (!shared.document) return ''
  return `<article class="document" aria-label="Document, version ${shared.document.version}">
${documentHtml(shared.document.markdown)}</article>
${shared.messages.length ? '<h2 class="conversation">The conversation behind it</h2>' : ''}`
}

function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Quire</title>${head}
<meta name="robots" content="noindex">
<style>${STYLE}</style></head>
<body>${body}</body></html>`
}

export function renderSharePage(shared: SharedSession, pageUrl: string): string {
  const origin = new URL(pageUrl).origin
  const kind = kindOf(shared)
  const named = titleOf(shared, kind)
  const title = escapeHtml(named)
  const about = escapeHtml(description(shared))
  const head = `
<meta name="description" content="${about}">
<meta property="og:type" content="article"><meta property="og:site_name" content="Quire">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${about}">
<meta property="og:url" content="${escapeHtml(pageUrl)}">`
  // A conversation's first question already heads the page (it is the title): not twice.
  const first = shared.messages.findIndex((m) => m.role === 'user')
  const asked = shared.messages[first]?.content
  const headed = kind !== 'document' && asked !== undefined && named.endsWith(asked)
  const next = shared.messages.findIndex((m, i) => i > first && m.role === 'user')
  const answersTitle = (i: number) => headed && i > first && (next === -1 || i < next)
  const blocks = shared.messages
    .map((m, i) => (i === first && headed ? '' : messageHtml(m, i, origin, answersTitle(i))))
    .join('\n')
  // A document with its own title heading is its own h1.
  const heading = kind === 'document' && !named.startsWith('Document: ') ? '' : `<h1>${title}</h1>`
  const body = `<header><p class="site"><a href="${escapeHtml(origin)}/">Quire</a> · a shared, read-only ${kind}</p>
${heading}</header><main>
${documentBlock(shared)}
${blocks}</main>`
  return page(title, head, body)
}

export function renderMissingSharePage(): string {
  return page(
    'Link unavailable',
    '',
    `<main><h1>This link is not available</h1>
<p>It may have been revoked, it may have expired, or it was copied incompletely. Ask whoever
shared it for a new link.</p></main>`,
  )
}
