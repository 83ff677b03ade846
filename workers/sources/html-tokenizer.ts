// A small, tolerant HTML tokenizer: start/end tags with attributes, text, and raw-text
// elements (script, style, title, textarea) whose content is never parsed as markup.
// Comments, doctypes and stray '<' are handled; anything unparseable becomes text.
import { decodeEntities } from './html-entities'

export type HtmlToken =
  | { kind: 'start'; name: string; attrs: Record<string, string> }
  | { kind: 'end'; name: string }
  /** Raw text: entities are not decoded yet. */
  | { kind: 'text'; text: string }

const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'noscript'])
const MAX_TAG_CHARS = 256 * 1024
const TAG_NAME = /[a-zA-Z][\w:-]*/y
const END_TAG = /<\/([a-zA-Z][\w:-]*)[^>]*>/y
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase()
    if (name && !(name in attrs))
      attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return attrs
}

/** Skips a comment, doctype or processing instruction at `at`; returns the index after it. */
function skipMarkupDeclaration(html: string, at: number): number {
  if (html.startsWith('<!--', at)) {
    const end = html.indexOf('-->', at + 4)
    return end === -1 ? html.length : end + 3
  }
  const end = html.indexOf('>', at)
  return end === -1 ? html.length : end + 1
}

export function* tokenizeHtml(html: string): Generator<HtmlToken> {
  const lastGt = html.lastIndexOf('>')
  let at = 0
  while (at < html.length) {
    const lt = html.indexOf('<', at)
    if (lt === -1 || lt > at) {
      yield { kind: 'text', text: html.slice(at, lt === -1 ? html.length : lt) }
      if (lt === -1) return
      at = lt
    }
    const next = html[at + 1] ?? ''
    if (next === '!' || next === '?') {
      at = skipMarkupDeclaration(html, at)
      continue
    }
    END_TAG.lastIndex = at
    const end = at < lastGt ? END_TAG.exec(html) : null
    if (end) {
      yield { kind: 'end', name: (end[1] ?? '').toLowerCase() }
      at = END_TAG.lastIndex
      continue
    }
    const start = readStartTag(html, at, lastGt)
    if (!start) {
      yield { kind: 'text', text: '<' }
      at += 1
      continue
    }
    const { name } = start
    yield { kind: 'start', name, attrs: parseAttributes(start.attributes) }
    at = start.next
    if (RAW_TEXT.has(name)) at = yield* readRawText(html, at, name)
  }
}

/** Index of the '>' closing a tag, skipping quoted attribute values; -1 when unterminated. */
function findTagEnd(html: string, from: number, lastGt: number): number {
  let quote = ''
  let previous = ''
  // Bounded so a page of unterminated tags cannot make tokenizing quadratic.
  const stop = Math.min(lastGt, from + MAX_TAG_CHARS)
  for (let i = from; i <= stop; i++) {
    const c = html[i] ?? ''
    if (quote) {
      if (c === quote) quote = ''
    } else if ((c === '"' || c === "'") && previous === '=') {
      quote = c
    } else if (c === '>') {
      return i
    }
    if (!/\s/.test(c)) previous = c
  }
  return -1
}

function readStartTag(html: string, at: number, lastGt: number) {
  if (at > lastGt) return null
  TAG_NAME.lastIndex = at + 1
  const name = TAG_NAME.exec(html)?.[0]
  if (!name) return null
  const gt = findTagEnd(html, TAG_NAME.lastIndex, lastGt)
  if (gt === -1) return null
  const attributes = html.slice(TAG_NAME.lastIndex, gt).replace(/\/\s*$/, '')
  return { name: name.toLowerCase(), attributes, next: gt + 1 }
}

function* readRawText(html: string, at: number, name: string): Generator<HtmlToken, number> {
  const close = new RegExp(`</${name}\\s*>`, 'ig')
  close.lastIndex = at
  const match = close.exec(html)
  const stop = match ? match.index : html.length
  if (stop > at) yield { kind: 'text', text: html.slice(at, stop) }
  yield { kind: 'end', name }
  return match ? close.lastIndex : html.length
}
