// The HTML page of a knowledge-base source, for people who follow a citation in a browser.
// Everything shown is stored text, so all of it is escaped.
import { escapeUTF8 as escapeHtml } from 'entities/escape'
import type { SourceView } from './source-view'

function safeHref(url: string): string | null {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : null
}

function metaLine(view: SourceView): string {
  const parts = [
    view.authors.slice(0, 6).join(', '),
    view.venue,
    view.year ? String(view.year) : null,
  ]
  const text = parts.filter(Boolean).join(' · ')
  return text ? `<p class="meta">${escapeHtml(text)}</p>` : ''
}

function links(view: SourceView): string {
  const items: string[] = []
  const url = view.url ? safeHref(view.url) : null
  if (url) items.push(`<a href="${url}" rel="noopener noreferrer">Original page</a>`)
  if (view.doi) {
    const doi = safeHref(`https://doi.org/${view.doi}`)
    if (doi)
      items.push(`<a href="${doi}" rel="noopener noreferrer">doi:${escapeHtml(view.doi)}</a>`)
  }
  return items.length ? `<p class="links">${items.join(' · ')}</p>` : ''
}

function passages(view: SourceView): string {
  const blocks = view.passages.map((p) => {
    const page = p.page ? `<span class="page">Page ${p.page}</span> ` : ''
    return `<p>${page}${escapeHtml(p.text)}</p>`
  })
  const abstract = view.abstract ? `<h2>Abstract</h2><p>${escapeHtml(view.abstract)}</p>` : ''
  return `${abstract}<h2>Indexed text</h2>${blocks.join('\n') || '<p>No passages indexed.</p>'}`
}

export function renderSourcePage(view: SourceView): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(view.title)} · Quire source</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1.25rem;color:#1d1f23}
h1{font-size:1.5rem;line-height:1.3}h2{font-size:.85rem;text-transform:uppercase;letter-spacing:.06em;color:#5b616b;margin-top:2rem}
.meta,.links,.note{color:#5b616b}.page{font-weight:600}a{color:#2b59c3}</style></head>
<body><p class="note"><a href="/">Quire</a> · a source in the knowledge base</p>
<h1>${escapeHtml(view.title)}</h1>${metaLine(view)}${links(view)}${passages(view)}</body></html>`
}
