// The check behind a "Validation: PASS": code blocks are syntax-checked with Lezer (Python,
// JavaScript, TypeScript; small and Worker-friendly). Lezer recovers from errors, so a block
// parses only when its tree holds no error node; the first one is the reason given.
import { parser as jsParser } from '@lezer/javascript'
import { parser as pyParser } from '@lezer/python'
import type { Parser } from '@lezer/common'

export type CheckedLanguage = 'python' | 'javascript' | 'typescript'

export interface CodeBlock {
  language: string
  code: string
}

export interface BlockCheck {
  language: CheckedLanguage
  ok: boolean
  /** Where and why the block does not parse. */
  reason?: string
}

export interface CodeValidation {
  checks: BlockCheck[]
  /** Blocks in languages Quire cannot check (listed, never counted as passing). */
  unchecked: string[]
}

const FENCE = /```[ \t]*([\w+#.-]*)[^\n]*\n([\s\S]*?)```/g

export function extractCodeBlocks(text: string): CodeBlock[] {
  return [...text.matchAll(FENCE)].map((m) => ({
    language: (m[1] ?? '').toLowerCase(),
    code: m[2] ?? '',
  }))
}

function languageOf(tag: string): CheckedLanguage | null {
  if (['python', 'py', 'python3'].includes(tag)) return 'python'
  if (['javascript', 'js', 'jsx', 'mjs', 'node'].includes(tag)) return 'javascript'
  if (['typescript', 'ts', 'tsx'].includes(tag)) return 'typescript'
  return null
}

function parserFor(language: CheckedLanguage): Parser {
  if (language === 'python') return pyParser
  const dialect = language === 'typescript' ? 'ts' : ''
  return dialect ? jsParser.configure({ dialect }) : jsParser
}

function lineAndColumn(code: string, at: number): string {
  const before = code.slice(0, at)
  const line = before.split('\n').length
  const column = at - before.lastIndexOf('\n')
  return `line ${line}, column ${column}`
}

/** Syntax-checks one block; the reason names the first error's place and text. */
export function checkBlock(language: CheckedLanguage, code: string): BlockCheck {
  const tree = parserFor(language).parse(code)
  let error: { from: number; to: number } | null = null
  tree.iterate({
    enter: (node) => {
      if (error) return false
      if (node.type.isError) error = { from: node.from, to: node.to }
      return undefined
    },
  })
  if (!error) return { language, ok: true }
  const { from, to } = error as { from: number; to: number }
  const near = code
    .slice(from, Math.max(to, from + 20))
    .split('\n')[0]
    ?.trim()
  const where = lineAndColumn(code, from)
  const reason = `${language} does not parse at ${where}${near ? ` near "${near}"` : ''}`
  return { language, ok: false, reason }
}

export function validateCode(blocks: CodeBlock[]): CodeValidation {
  const checks: BlockCheck[] = []
  const unchecked: string[] = []
  for (const block of blocks) {
    const language = languageOf(block.language)
    if (language) checks.push(checkBlock(language, block.code))
    else unchecked.push(block.language || 'untagged')
  }
  return { checks, unchecked }
}
