// Research mode's chat message as the seed's plain text, by walking mdast (not regexes):
// headings and bold-only paragraphs become **subheadings**, every list item one "- " line,
// paragraphs separated by blank lines; emphasis, code, links and images keep only their words.
import { fromMarkdown } from 'mdast-util-from-markdown'
import type { List, PhrasingContent, RootContent } from 'mdast'

function inline(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          return node.value
        case 'break':
          return ' '
        case 'image':
        case 'imageReference':
        case 'html':
          return ''
        case 'emphasis':
        case 'strong':
        case 'delete':
        case 'link':
        case 'linkReference':
          return inline(node.children)
        default:
          return ''
      }
    })
    .join('')
    .replace(/\s+/g, ' ')
}

function bullets(list: List): string[] {
  return list.children.flatMap((item) =>
    item.children.flatMap((child): string[] => {
      if (child.type === 'list') return bullets(child)
      const text = block(child).replace(/\n+/g, ' ').trim()
      return text ? [`- ${text.replace(/^- /, '')}`] : []
    }),
  )
}

function block(node: RootContent): string {
  switch (node.type) {
    case 'heading':
      return `**${inline(node.children).trim()}**`
    case 'paragraph': {
      const only = node.children.length === 1 ? node.children[0] : undefined
      if (only?.type === 'strong') return `**${inline(only.children).trim()}**`
      return inline(node.children).trim()
    }
    case 'list':
      return bullets(node).join('\n')
    case 'blockquote':
      return node.children.map(block).filter(Boolean).join('\n\n')
    case 'code':
    case 'html':
    case 'thematicBreak':
    case 'definition':
      return ''
    default:
      return 'children' in node ? inline(node.children as PhrasingContent[]).trim() : ''
  }
}

export function toResearchPlainText(markdown: string): string {
  return fromMarkdown(markdown)
    .children.map(block)
    .filter((text) => text.trim())
    .join('\n\n')
}
