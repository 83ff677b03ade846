// The scripted scientists' replies: written from the documents the turn actually received,
// citing the way real models do — mostly this turn's numbers, but also numbers from an
// earlier turn, numbers never given ([42]-style), grouped markers ([1, 3], [2][5]) and
// markers inside code blocks — with endings in strict and looser forms. Seeded: one seed,
// one script, whatever retrieval returned.

export interface GivenDocument {
  number: number
  title: string
  contents: string
}

export interface ScriptInput {
  speaker: 1 | 2
  round: number
  /** The documents given with this turn. */
  documents: GivenDocument[]
  /** Numbers given to earlier turns of the run (what a model may wrongly reuse). */
  earlier: number[]
  /** The highest number the model has seen; "never given" numbers lie above it. */
  highest: number
}

export type Random = () => number

/** mulberry32: a small seeded generator, enough for choosing among citation habits. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const pickFrom = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T

/** Citation habits and how often a scripted scientist falls into each. */
const HABITS = [
  ['own', 0.42],
  ['group', 0.12],
  ['adjacent', 0.1],
  ['earlier', 0.1],
  ['earlierInGroup', 0.05],
  ['never', 0.08],
  ['neverInGroup', 0.06],
  ['none', 0.07],
] as const

type Habit = (typeof HABITS)[number][0]

function habitOf(random: Random): Habit {
  let r = random()
  for (const [habit, weight] of HABITS) if ((r -= weight) < 0) return habit
  return 'own'
}

function marker(habit: Habit, input: ScriptInput, random: Random): string {
  const own = () => pickFrom(random, input.documents).number
  const earlier = () => (input.earlier.length ? pickFrom(random, input.earlier) : own())
  const never = () => input.highest + 1 + Math.floor(random() * 40)
  switch (habit) {
    case 'own':
      return `[${own()}]`
    case 'group':
      return `[${[...new Set([own(), own()])].join(', ')}]`
    case 'adjacent':
      return `[${own()}][${own()}]`
    case 'earlier':
      return `[${earlier()}]`
    case 'earlierInGroup':
      // With no earlier turn, earlier() falls back to this turn's numbers: no repeats.
      return `[${[...new Set([own(), earlier()])].join(', ')}]`
    case 'never':
      return `[${never()}]`
    case 'neverInGroup':
      return `[${own()}, ${never()}]`
    case 'none':
      return ''
  }
}

/** The first few words of a passage, as a model paraphrases it. */
function gist(doc: GivenDocument, random: Random): string {
  const words = doc.contents.replace(/\s+/g, ' ').trim().split(' ')
  const start = Math.floor(random() * Math.max(1, Math.min(20, words.length - 12)))
  return words
    .slice(start, start + 10 + Math.floor(random() * 6))
    .join(' ')
    .replace(/[.;:,]+$/, '')
}

function evidenceSentences(input: ScriptInput, random: Random): string[] {
  const leads = ['The evidence shows that', 'One study reports', 'Notably,', 'In support,']
  const count = 3 + Math.floor(random() * 4)
  return Array.from({ length: count }, () => {
    const doc = pickFrom(random, input.documents)
    const cite = marker(habitOf(random), input, random)
    return `${pickFrom(random, leads)} ${gist(doc, random)} ${cite}.`.replace(' .', '.')
  })
}

/** Python that parses, with a citation in a comment and an index that looks like a marker. */
function codeBlock(input: ScriptInput, random: Random): string {
  const cite = marker(habitOf(random), input, random) || `[${input.documents[0]?.number ?? 1}]`
  const index = Math.floor(random() * 4)
  return [
    '```python',
    'def effect_estimate(values):',
    `    # the effect sizes as reported in ${cite}`,
    `    baseline = values[${index}]`,
    '    return [v - baseline for v in values]',
    '```',
  ].join('\n')
}

function ending(input: ScriptInput, random: Random): string[] {
  const bold = random() < 0.25
  const line = (label: string, value: string) =>
    bold ? `**${label}:** ${value}` : `${label}: ${value}`
  if (input.speaker === 1) {
    return [
      line('Agreement', input.round === 1 || random() < 0.5 ? 'AGREE' : 'DISAGREE'),
      line('Viability', 'VIABLE'),
      line('Validation', 'N/A'),
      line('Conclusion', 'The estimate follows the reported effect sizes.'),
    ]
  }
  const convinced = random() < (input.round === 1 ? 0.25 : 0.5)
  if (random() < 0.3) {
    return [
      `Answer: ${convinced ? 'VERIFIED' : 'UNVERIFIED'}`,
      `Verification Reason: ${convinced ? 'the code runs as written' : 'the evidence is mixed'}`,
    ]
  }
  return [
    line('Agreement', convinced ? 'AGREE' : 'DISAGREE'),
    line('Viability', convinced ? 'VIABLE' : 'NOT_VIABLE'),
    line('Validation', convinced ? 'PASS' : 'FAIL'),
    line('Conclusion', convinced ? 'The proposal holds up.' : 'The evidence does not settle it.'),
  ]
}

/** One scientist's reply for this turn. */
export function scriptReply(input: ScriptInput, random: Random): string {
  if (input.documents.length === 0) {
    return `No documents were retrieved for this turn, so I claim nothing.\n\n${ending(input, random).join('\n')}`
  }
  const position =
    input.speaker === 1
      ? 'Position: the claim is supported, and the estimate below follows the evidence.'
      : 'Position: the proposal overreaches in places; here is my review.'
  const parts = [position, evidenceSentences(input, random).join(' ')]
  if (input.speaker === 1 || random() < 0.4) parts.push(codeBlock(input, random))
  const critique = evidenceSentences(input, random).slice(0, 2).join(' ')
  parts.push(`Critique: ${critique}`, 'Next step: check the estimate on a second cohort.')
  parts.push(ending(input, random).join('\n'))
  return parts.join('\n\n')
}
