// Sources never live inside document_content (seed 000): URLs, DOIs, arXiv ids, [n] markers
// and reference lines the model left in the prose are taken out and added to the sources.
// The prose keeps its words: a markdown link keeps its text, a bare URL leaves nothing.

const URL = /https?:\/\/[^\s)\]>"']+/g
const DOI = /\b(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/[^\s)\];,"']+)/gi
const ARXIV = /\barXiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?)/gi
const MARKER = /\s?\[(?:\d+(?:\s*[,–-]\s*\d+)*)\]/g
const LINK = /\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g
const CODE = /(```[\s\S]*?```|`[^`\n]*`)/
const REFERENCE_HEADING = /^#{1,6}\s*(references|sources|bibliography|works cited)\s*$/im

export interface CleanedContent {
  content: string
  moved: string[]
}

function trimPunctuation(value: string): string {
  return value.replace(/[.,;:]+$/, '')
}

function cleanProse(part: string, moved: string[]): string {
  let text = part
  text = text.replace(LINK, (_m, label: string, url: string) => {
    moved.push(url)
    return label
  })
  text = text.replace(ARXIV, (_m, id: string) => {
    moved.push(`arXiv:${id}`)
    return ''
  })
  // Punctuation after a URL or DOI ends the sentence: it stays.
  text = text.replace(URL, (url) => {
    const trimmed = trimPunctuation(url)
    moved.push(trimmed)
    return url.slice(trimmed.length)
  })
  text = text.replace(DOI, (_m, doi: string) => {
    const trimmed = trimPunctuation(doi)
    moved.push(`doi:${trimmed}`)
    return doi.slice(trimmed.length)
  })
  text = text.replace(MARKER, '')
  // Brackets and spaces a removed citation leaves behind: "(, )", "( )", double spaces.
  text = text
    .replace(/\(\s*[,;]?\s*\)/g, '')
    .replace(/(\S)[ \t]+([.,;:])(?=\s|$)/g, '$1$2')
    .replace(/(\S)[ \t]{2,}(?=\S)/g, '$1 ')
  return text
}

export function moveSourcesOut(content: string): CleanedContent {
  const moved: string[] = []
  let text = content
  // A trailing references section is sources, not prose.
  const heading = REFERENCE_HEADING.exec(text)
  if (heading) {
    const tail = text.slice(heading.index + heading[0].length)
    for (const line of tail.split('\n')) {
      const entry = line.replace(/^\s*(?:[-*]|\d+[.)]|\[\d+\])\s*/, '').trim()
      if (entry) moved.push(entry)
    }
    text = text.slice(0, heading.index)
  }
  // Code keeps its brackets and URLs: only prose is cleaned.
  text = text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : cleanProse(part, moved)))
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { content: text, moved: [...new Set(moved)] }
}
