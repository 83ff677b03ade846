// A shared document's Markdown as safe HTML for the server-rendered share page: parsed to mdast,
// turned into hast without raw HTML (dropped), links and images kept only when http(s), then
// serialised with every text escaped.
import type { Element, Nodes, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString } from 'mdast-util-to-string'
import { toHast } from 'mdast-util-to-hast'

const URL_PROPERTIES = ['href', 'src'] as const

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

export function documentHtml(markdown: string): string {
  const tree: Root = toHast(fromMarkdown(markdown)) as Root
  keepWebUrls(tree)
  return toHtml(tree)
}

/** The document's first heading (its title), if it has one. */
export function documentTitle(markdown: string): string | null {
  const heading = fromMarkdown(markdown).children.find((node) => node.type === 'heading')
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
