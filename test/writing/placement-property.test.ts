// Placement never loses or duplicates a block: over 10,000 generated documents, contents and
// placement answers (valid and invalid), every kept block of the original survives in order,
// the content appears exactly once, and only blocks the placement named are removed.
import fc from 'fast-check'
import { describe, it } from 'vitest'
import {
  applyPlacement,
  mergeDeterministically,
  placeDeterministically,
  type Placement,
} from '../../workers/writing'
import { parseBlocks } from '../../workers/writing/structure'

const word = fc.constantFrom(
  'alpha',
  'beta',
  'gamma',
  'delta',
  'results',
  'methods',
  'data',
  'model',
)
const sentence = fc.array(word, { minLength: 2, maxLength: 6 }).map((w) => `${w.join(' ')}.`)
const block = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 3 }), fc.array(word, { minLength: 1, maxLength: 3 }))
    .map(([d, w]) => `${'#'.repeat(d)} ${w.join(' ')}`),
  sentence,
  fc.array(sentence, { minLength: 1, maxLength: 3 }).map((s) => s.map((x) => `- ${x}`).join('\n')),
  sentence.map((s) => `> ${s}`),
  sentence.map((s) => '```py\n' + s + '\n```'),
  fc.constant('| a | b |\n|---|---|\n| 1 | 2 |'),
)
const documentArb = fc
  .tuple(fc.array(block, { minLength: 0, maxLength: 8 }), fc.constantFrom('', '\n'))
  .map(([blocks, tail]) => blocks.join('\n\n') + tail)
let serial = 0
const contentArb = fc.array(sentence, { minLength: 1, maxLength: 2 }).map((s) => {
  serial += 1
  return `${s.join(' ')} Unique${serial}.`
})
const idArb = fc.oneof(
  fc.integer({ min: 1, max: 10 }).map((n) => `b${n}`),
  fc.constant('nope'),
)
const placementArb: fc.Arbitrary<Placement> = fc.record({
  action: fc.constantFrom(
    'insert_after',
    'insert_before',
    'append_to_section',
    'new_section',
    'end',
  ),
  target: fc.option(idArb, { nil: null }),
  heading: fc.constantFrom('', 'Extra'),
  replace: fc.oneof(fc.constant<string[]>([]), fc.array(idArb, { maxLength: 2 })),
  reason: fc.constant(''),
})

const squeeze = (text: string) => text.replace(/\s+/g, '')

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1
}

describe('placement', () => {
  it('never loses or duplicates a block over 10,000 generated cases', () => {
    fc.assert(
      fc.property(documentArb, contentArb, placementArb, (doc, content, placement) => {
        const blocks = parseBlocks(doc)
        const merged =
          applyPlacement(doc, content, placement, blocks) ??
          applyPlacement(doc, content, placeDeterministically(doc, ['add it'], blocks), blocks)
        if (!merged || count(merged.markdown, content) !== 1) return false
        const removed = new Set(merged.removed)
        const named = new Set(placement.replace)
        const kept = blocks.filter((b) => !(named.has(b.id) && removed.has(b.text)))
        let from = 0
        for (const b of kept) {
          const at = merged.markdown.indexOf(b.text, from)
          if (at < 0) return false
          from = at + b.text.length
        }
        // Nothing but the content, a new heading and replaced blocks changed the text.
        const cut = merged.removed.reduce((n, t) => n + squeeze(t).length, 0)
        const extra =
          squeeze(merged.markdown).length - squeeze(doc).length + cut - squeeze(content).length
        return extra >= 0 && extra <= Math.max(placement.heading.length, 'New section'.length) + 6
      }),
      { numRuns: 10_000 },
    )
  }, 180_000)

  it('the fast deterministic placer only inserts, over 10,000 generated cases', () => {
    const instruction = fc.constantFrom(
      'add it to methods',
      'put this in the results',
      'add it',
      'new section called Extra',
    )
    fc.assert(
      fc.property(documentArb, contentArb, instruction, (doc, content, message) => {
        const placed = mergeDeterministically(doc, content, [message])
        if (!placed || count(placed.merge.markdown, content) !== 1) return false
        const at = placed.merge.markdown.indexOf(content)
        const without =
          placed.merge.markdown.slice(0, at) + placed.merge.markdown.slice(at + content.length)
        // Taking the content (and a new heading) out gives back the original, up to blank lines.
        // (at the document's own heading level, so read from the text right before it)
        const written = /(#{1,6} [^\n]*)\n+$/.exec(placed.merge.markdown.slice(0, at))?.[1] ?? ''
        const heading = placed.placement.action === 'new_section' ? squeeze(written) : ''
        return squeeze(without).replace(heading, '') === squeeze(doc)
      }),
      { numRuns: 10_000 },
    )
  }, 180_000)
})
