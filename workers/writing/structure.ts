// The document's structure, read from mdast: its top-level blocks with their source offsets,
// types from the document types list, ids and parent ids (a block's parent is the nearest
// heading above it of a smaller depth). Rebuilt on every save; placement works on it too.
import { fromMarkdown } from 'mdast-util-from-markdown'
import type { RootContent } from 'mdast'

export interface DocBlock {
  id: string
  type: string
  /** Heading depth (1-6) for headings, 0 otherwise. */
  depth: number
  parentId: string | null
  /** The block's exact source text (markdown[start, end)). */
  text: string
  /** A heading's title text; '' for other blocks. */
  title: string
  start: number
  end: number
}

function headingType(depth: number): string {
  if (depth <= 1) return 'title'
  return depth === 2 ? 'section' : 'subsection'
}

/** Paragraph-shaped blocks that are really tables, equations or figures (no GFM parser here). */
function paragraphType(text: string): string {
  const lines = text.split('\n')
  if (
    lines.length >= 2 &&
    lines[0]?.trim().startsWith('|') &&
    /^\s*\|?[\s:-]+\|/.test(lines[1] ?? '')
  )
    return 'table'
  if (text.trim().startsWith('$$')) return 'equation'
  if (/^!\[[^\]]*\]\([^)]*\)\s*$/.test(text.trim())) return 'figure'
  return 'paragraph'
}

function typeOf(node: RootContent, text: string): string {
  switch (node.type) {
    case 'heading':
      return headingType(node.depth)
    case 'paragraph':
      return paragraphType(text)
    case 'code':
      return 'code_block'
    case 'list':
      return 'list'
    case 'blockquote':
      return 'quote'
    case 'definition':
      return 'reference'
    case 'thematicBreak':
      return 'rule'
    default:
      return 'paragraph'
  }
}

function plainTitle(text: string): string {
  return text
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/[*_`]/g, '')
    .trim()
}

/** Top-level blocks in order. Text between blocks (blank lines) belongs to no block. */
export function parseBlocks(markdown: string): DocBlock[] {
  const tree = fromMarkdown(markdown)
  const blocks: DocBlock[] = []
  const headings: DocBlock[] = []
  for (const node of tree.children) {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) continue
    const text = markdown.slice(start, end)
    const depth = node.type === 'heading' ? node.depth : 0
    while (depth > 0 && headings.length > 0 && (headings.at(-1)?.depth ?? 0) >= depth)
      headings.pop()
    const parent = headings.at(-1)
    const block: DocBlock = {
      id: `b${blocks.length + 1}`,
      type: typeOf(node, text),
      depth,
      parentId: parent?.id ?? null,
      text,
      title: depth > 0 ? plainTitle(text) : '',
      start,
      end,
    }
    blocks.push(block)
    if (depth > 0) headings.push(block)
  }
  return blocks
}

/** The structure as stored and returned by GET /api/documents/:session. */
export interface StructureNode {
  id: string
  type: string
  parent_id: string | null
  position: number
  content: string
}

export function structureOf(markdown: string): StructureNode[] {
  return parseBlocks(markdown).map((b, i) => ({
    id: b.id,
    type: b.type,
    parent_id: b.parentId,
    position: i,
    content: b.title || b.text.slice(0, 200),
  }))
}

/** "## Introduction (b2) > ### Background (b3)": the outline a prompt or the UI shows. */
export function structureSummary(blocks: DocBlock[]): string {
  const headings = blocks.filter((b) => b.depth > 0)
  if (headings.length === 0) return blocks.length ? 'No headings; body text only.' : 'Empty.'
  return headings
    .map((h) => {
      const body = blocks.filter((b) => b.parentId === h.id && b.depth === 0).length
      return `${'  '.repeat(Math.max(0, h.depth - 1))}- [${h.id}] ${h.title} (${body} block${body === 1 ? '' : 's'})`
    })
    .join('\n')
}
