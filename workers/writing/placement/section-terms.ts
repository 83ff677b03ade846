// Section names as comparable terms: headings and the user's words are normalised (case,
// numbering, punctuation, stems) and mapped onto families of names that mean the same part of
// a paper ("intro" ~ Introduction, "methods" ~ Methodology / Experimental Methods,
// "results" ~ Findings). Pure functions; the deterministic placer builds on them.
import { porterStem } from '../../grounding'

/** Families of section names; the first word names the family. */
const FAMILIES: readonly (readonly string[])[] = [
  ['introduction', 'intro', 'background', 'overview', 'motivation', 'preliminaries'],
  [
    'methods',
    'method',
    'methodology',
    'methodologies',
    'approach',
    'materials',
    'procedure',
    'procedures',
    'design',
    'setup',
    'protocol',
    'implementation',
  ],
  [
    'results',
    'result',
    'findings',
    'finding',
    'outcomes',
    'evaluation',
    'experiments',
    'experimental results',
    'observations',
  ],
  ['discussion', 'analysis', 'interpretation', 'implications'],
  ['conclusion', 'conclusions', 'summary', 'concluding', 'closing'],
  [
    'related',
    'related work',
    'literature',
    'literature review',
    'prior work',
    'previous work',
    'state of the art',
  ],
  ['abstract'],
  ['objectives', 'objective', 'aims', 'aim', 'purpose', 'goals', 'research questions'],
  ['limitations', 'limitation', 'threats', 'caveats', 'weaknesses'],
  ['future', 'future work', 'outlook', 'next steps'],
  ['references', 'bibliography', 'citations', 'works cited'],
  ['acknowledgements', 'acknowledgments', 'acknowledgement', 'thanks'],
  ['appendix', 'appendices', 'supplementary', 'supplement'],
  ['data', 'dataset', 'datasets', 'data collection', 'corpus'],
]

const STOP = new Set([
  'the',
  'a',
  'an',
  'and',
  'of',
  'to',
  'in',
  'on',
  'for',
  'our',
  'my',
  'this',
  'section',
  'part',
  'chapter',
])

const FAMILY_OF = new Map<string, string>()
for (const family of FAMILIES) {
  for (const name of family) FAMILY_OF.set(stemPhrase(name), family[0] as string)
}

function stemPhrase(text: string): string {
  return wordsOf(text)
    .map((w) => porterStem(w))
    .join(' ')
}

/** Lower-case words without numbering ("2.1"), punctuation or filler. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^\d+$/.test(w) && !/^[ivx]+$/.test(w) && !STOP.has(w))
}

export function stemsOf(text: string): string[] {
  return wordsOf(text).map((w) => porterStem(w))
}

/** The families a heading or phrase belongs to: any one- or two-word run that names one. */
export function familiesOf(text: string): Set<string> {
  const stems = stemsOf(text)
  const found = new Set<string>()
  for (let i = 0; i < stems.length; i += 1) {
    const one = FAMILY_OF.get(stems[i] as string)
    if (one) found.add(one)
    const two = i + 1 < stems.length ? FAMILY_OF.get(`${stems[i]} ${stems[i + 1]}`) : undefined
    if (two) found.add(two)
  }
  return found
}
