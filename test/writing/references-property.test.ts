// References follow the text: over random documents and random sequences of approve, reject,
// revise, restore and manual edits (delete a block, add a paragraph, extend a block, reword a
// placed sentence), the works the document cites are exactly the sources of the placed
// sentences still present — tracked here block by block from the operations, independently of
// how Quire finds them — and no user text is changed by approving, rejecting, revising or by
// the citations laid over the markdown.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyPlacement, parseBlocks } from '../../workers/writing'
import { citeDocument } from '../../workers/writing/cited-document'
import {
  annotate,
  locateCitations,
  type PlacedPiece,
} from '../../workers/writing/in-text-citations'
import type { WritingSource } from '../../workers/writing/sources'

const SOURCES: WritingSource[] = [1, 2, 3, 4, 5].map((n) => ({
  number: n,
  title: `Work ${n}`,
  sourceId: `src-${n}`,
  verified: n !== 5,
  ...(n === 5 ? { url: 'https://unknown.example.com/5' } : {}),
}))

interface Piece extends PlacedPiece {
  /** Each paragraph's sentences with the work keys (source ids) they cite. */
  paragraphs: { text: string; works: string[] }[][]
}

const userWord = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'results', 'methods', 'data')
let serial = 0
const userBlock = fc.oneof(
  fc.array(userWord, { minLength: 2, maxLength: 6 }).map((w) => `user${++serial} ${w.join(' ')}.`),
  fc.array(userWord, { minLength: 1, maxLength: 2 }).map((w) => `## ${w.join(' ')} h${++serial}`),
)
const pieceArb: fc.Arbitrary<Piece> = fc
  .array(
    fc.array(fc.subarray([1, 2, 3, 4, 5], { minLength: 1, maxLength: 2 }), {
      minLength: 1,
      maxLength: 3,
    }),
    { minLength: 1, maxLength: 2 },
  )
  .map((paragraphs) => {
    const id = ++serial
    const shaped = paragraphs.map((sentences, p) =>
      sentences.map((numbers, s) => ({
        text: `Claim zq${id}p${p}s${s} holds for ${numbers.length} trials.`,
        numbers,
      })),
    )
    const all = shaped.flat()
    const used = [...new Set(all.flatMap((s) => s.numbers))].sort()
    const sources = used.map((n, i) => ({ ...(SOURCES[n - 1] as WritingSource), number: i + 1 }))
    const renumber = (n: number) => used.indexOf(n) + 1
    return {
      content: shaped.map((ss) => ss.map((s) => s.text).join(' ')).join('\n\n'),
      sources,
      attributions: all.map((s) => ({ text: s.text, sources: s.numbers.map(renumber) })),
      paragraphs: shaped.map((ss) =>
        ss.map((s) => ({ text: s.text, works: s.numbers.map((n) => `src-${n}`) })),
      ),
    }
  })

type Op =
  | { kind: 'ask'; piece: Piece }
  | { kind: 'approve'; at: number }
  | { kind: 'reject' }
  | { kind: 'restore'; version: number }
  | { kind: 'delete'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'extend'; at: number; text: string }
  | { kind: 'reword'; at: number }

const at = fc.nat({ max: 12 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  pieceArb.map((piece) => ({ kind: 'ask' as const, piece })),
  at.map((n) => ({ kind: 'approve' as const, at: n })),
  fc.constant({ kind: 'reject' as const }),
  fc.nat({ max: 10 }).map((version) => ({ kind: 'restore' as const, version })),
  at.map((n) => ({ kind: 'delete' as const, at: n })),
  fc.tuple(at, userBlock).map(([n, text]) => ({ kind: 'insert' as const, at: n, text })),
  fc
    .tuple(at, userWord)
    .map(([n, w]) => ({ kind: 'extend' as const, at: n, text: `${w} ${++serial}.` })),
  at.map((n) => ({ kind: 'reword' as const, at: n })),
)

/** What each block text is known to be: user text, or placed sentences (with their works). */
type Origin = { user: true } | { user: false; sentences: { text: string; works: string[] }[] }

class Session {
  markdown: string
  versions: string[]
  approved: Piece[] = []
  pending: Piece | null = null
  origins = new Map<string, Origin>()

  constructor(blocks: string[]) {
    for (const b of blocks) this.origins.set(b, { user: true })
    this.markdown = blocks.length ? `${blocks.join('\n\n')}\n` : ''
    this.versions = [this.markdown]
  }

  blocks(): string[] {
    return parseBlocks(this.markdown).map((b) => b.text)
  }

  save(blocks: string[]): void {
    this.markdown = blocks.length ? `${blocks.join('\n\n')}\n` : ''
    this.versions.push(this.markdown)
  }

  /** The oracle: works of the placed sentences present, from the blocks' known origins. */
  expectedWorks(): Set<string> {
    const works = new Set<string>()
    for (const text of this.blocks()) {
      const origin = this.origins.get(text)
      if (origin && !origin.user)
        for (const s of origin.sentences) s.works.forEach((w) => works.add(w))
    }
    return works
  }

  userBlocks(): string[] {
    return this.blocks().filter((t) => this.origins.get(t)?.user)
  }

  apply(op: Op): void {
    const blocks = this.blocks()
    const index = (n: number) => (blocks.length ? n % blocks.length : -1)
    switch (op.kind) {
      case 'ask':
        // A new request while content is pending revises it (same piece slot, new text).
        this.pending = op.piece
        return
      case 'reject':
        this.pending = null
        return
      case 'approve': {
        const piece = this.pending
        if (!piece) return
        const target = index(op.at)
        const merge = applyPlacement(this.markdown, piece.content, {
          action: target < 0 ? 'end' : 'insert_after',
          target: target < 0 ? null : `b${target + 1}`,
          heading: '',
          replace: [],
          reason: '',
        })
        if (!merge) throw new Error('placement refused a valid target')
        piece.paragraphs.forEach((sentences) =>
          this.origins.set(sentences.map((s) => s.text).join(' '), { user: false, sentences }),
        )
        this.markdown = merge.markdown
        this.versions.push(this.markdown)
        this.approved.push(piece)
        this.pending = null
        return
      }
      case 'restore':
        this.markdown = this.versions[op.version % this.versions.length] ?? ''
        this.versions.push(this.markdown)
        return
      case 'delete':
        if (blocks.length) this.save(blocks.filter((_, i) => i !== index(op.at)))
        return
      case 'insert':
        this.origins.set(op.text, { user: true })
        this.save([
          ...blocks.slice(0, index(op.at) + 1),
          op.text,
          ...blocks.slice(index(op.at) + 1),
        ])
        return
      case 'extend':
      case 'reword': {
        const i = index(op.at)
        const text = blocks[i]
        const origin = text === undefined ? undefined : this.origins.get(text)
        if (text === undefined || !origin || (op.kind === 'reword' && origin.user)) return
        const changed =
          op.kind === 'extend' ? `${text} ${op.text}` : text.replace(' holds ', ' held ')
        const sentences = origin.user ? [] : origin.sentences
        // Extending keeps every placed sentence; rewording the first one drops its citation.
        const kept = op.kind === 'extend' ? sentences : sentences.slice(1)
        this.origins.set(changed, origin.user ? origin : { user: false, sentences: kept })
        this.save(blocks.map((b, j) => (j === i ? changed : b)))
        return
      }
    }
  }
}

function check(session: Session, before: string[], op: Op): void {
  const located = locateCitations(session.markdown, session.approved)
  expect(new Set(located.works.keys())).toEqual(session.expectedWorks())
  const numbers = [...located.works.keys()]
  const annotated = annotate(session.markdown, located.citations, (c) =>
    c.works.map((w) => `[${numbers.indexOf(w) + 1}]`).join(''),
  )
  // The citations are laid over the text: taking them away gives the markdown back.
  expect(annotated.replace(/ (?:\[\d+\])+/g, '')).toBe(session.markdown)
  for (const text of session.userBlocks()) expect(annotated).toContain(text)
  // Approving, rejecting and revising never change a word the user wrote.
  if (op.kind === 'approve' || op.kind === 'reject' || op.kind === 'ask')
    expect(session.userBlocks()).toEqual(before)
}

const documentArb = fc.array(userBlock, { minLength: 0, maxLength: 6 })

describe('references follow the text', () => {
  it('cite exactly the placed sentences present, and leave user text alone', () => {
    fc.assert(
      fc.property(documentArb, fc.array(opArb, { minLength: 1, maxLength: 25 }), (doc, ops) => {
        const session = new Session(doc)
        for (const op of ops) {
          const before = session.userBlocks()
          session.apply(op)
          check(session, before, op)
        }
      }),
      { numRuns: 300 },
    )
  })

  // Through citation-js and the stored-metadata lookup: fewer runs (citeproc is slow to build).
  it(
    'lists in References exactly the works the present text cites',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          documentArb,
          fc.array(opArb, { minLength: 1, maxLength: 12 }),
          async (doc, ops) => {
            const session = new Session(doc)
            for (const op of ops) session.apply(op)
            const cited = await citeDocument(env.DB, {
              markdown: session.markdown,
              pieces: session.approved,
              style: 'numbered',
            })
            expect(new Set(cited.references.map((r) => r.id))).toEqual(session.expectedWorks())
            expect(cited.references.map((r) => r.number)).toEqual(
              cited.references.map((_, i) => i + 1),
            )
            expect(cited.references.filter((r) => !r.verified).map((r) => r.id)).toEqual(
              session.expectedWorks().has('src-5') ? ['src-5'] : [],
            )
          },
        ),
        { numRuns: 25 },
      )
    },
  )
})
