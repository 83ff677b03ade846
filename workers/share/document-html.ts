// Stored Markdown (a shared document, an answer, a debate turn) as safe HTML for the
// server-rendered share page: parsed to mdast, turned into hast without raw HTML (dropped),
// links and images kept only when http(s), then serialised with every text escaped. Citation
// markers can become links to the sources listed beside the text.
import type { Element, ElementContent, Nodes, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString } from 'mdast-util-to-string'
import { toHast } from 'mdast-util-to-hast'

const URL_PROPERTIES = ['href', 'src'] as const
const MARKER = /\[(\d{1,3})\]/g
/** Text inside these is shown as written: a link's words, code. */
const VERBATIM = new Set(['a', 'code', 'pre'])

export interface MarkdownHtmlOptions {
  /** Where marker [n] links to, or null to leave it as text. */
  citeHref?: (n: number) => string | null
  /** Line breaks inside a paragraph stay breaks (a model's line-per-field endings). */
  keepLineBreaks?: boolean
}

function isWebUrl(value: unknown): boolean {
  return typeof value === 'string' && /^https?:\/\//i.test(value)
}

/** Removes every link or image target that is not http(s) (javascript:, data:, relative). */
function keepWebUrls(node: Nodes): void {
  if (node.type === 'element') cleanElement(node)
  if ('children' in node) for (const child of node.children) keepWebUrls(child)
}

function cleanElement(element: Element): void {
  for (const key of URL_PROPERTIES) {
    if (key in element.properties && !isWebUrl(element.properties[key])) {
      delete element.properties[key]
    }
  }
  if (element.tagName === 'a' && element.properties.href) {
    element.properties.rel = ['noopener', 'noreferrer', 'nofollow']
  }
}

function splitText(value: string, options: MarkdownHtmlOptions): ElementContent[] {
  const out: ElementContent[] = []
  const text = (part: string) => {
    // Whitespace between blocks is layout, not a line of the text.
    const lines = options.keepLineBreaks && part.trim() ? part.split('\n') : [part]
    lines.forEach((line, i) => {
      if (i > 0) out.push({ type: 'element', tagName: 'br', properties: {}, children: [] })
      if (line) out.push({ type: 'text', value: line })
    })
  }
  let at = 0
  for (const match of value.matchAll(MARKER)) {
    const href = options.citeHref?.(Number(match[1]))
    if (!href) continue
    text(value.slice(at, match.index))
    out.push({
      type: 'element',
      tagName: 'a',
      properties: { href, className: ['cite'] },
      children: [{ type: 'text', value: match[0] }],
    })
    at = match.index + match[0].length
  }
  text(value.slice(at))
  return out
}

function linkMarkers(node: Root | Element, options: MarkdownHtmlOptions): void {
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'text') return splitText(child.value, options)
    if (child.type === 'element' && !VERBATIM.has(child.tagName)) linkMarkers(child, options)
    return child.type === 'doctype' ? [] : [child]
  })
}

export function documentHtml(markdown: string, options: MarkdownHtmlOptions = {}): string {
  const tree: Root = toHast(fromMarkdown(markdown)) as Root
  keepWebUrls(tree)
  if (options.citeHref || options.keepLineBreaks) linkMarkers(tree, options)
  return toHtml(tree)
}

/** The document's title: its first top-level heading, if it has one. */
export function documentTitle(markdown: string): string | null {
  const heading = fromMarkdown(markdown).children.find(
    (node) => node.type === 'heading' && node.depth === 1,
  )
  const text = heading ? toString(heading).trim() : ''
  return text || null
}

/** The document's words without its headings or markup: what a link preview quotes. */
export function documentText(markdown: string): string {
  return fromMarkdown(markdown)
    .children.filter((node) => node.type !== 'heading' && node.type !== 'html')
    .map((node) => toString(node))
    .join(' ')
}
