// Sentences of a text through the platform's segmenter (ICU's sentence rules: closing quotes
// and brackets, "?" and "!", lower-case continuations such as "e.g. the"), with one repair ICU
// leaves to locale data the runtime lacks: a period after an abbreviation
// ("Fig. 3", "et al. Smith", "vs. DMSO") does not end a sentence, as in the chunker (which
// also reads a lone letter as an initial; in abstracts it more often ends "vitamin D.").
import { isAbbreviation } from './segments'

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })

/** A break ICU made after an abbreviation's period, which the next piece should rejoin. */
function endsInAbbreviation(sentence: string): boolean {
  const last = (/\S+$/.exec(sentence)?.[0] ?? '').replace(/^["'“‘([]+/, '')
  return /\.["'”’)\]]*$/.test(last) && isAbbreviation(last)
}

function sentencesOfParagraph(paragraph: string, out: string[]): void {
  let open = false
  for (const { segment } of segmenter.segment(paragraph)) {
    const sentence = segment.trim()
    if (!sentence) continue
    const previous = out.at(-1)
    if (open && previous !== undefined && endsInAbbreviation(previous)) {
      out[out.length - 1] = `${previous} ${sentence}`
    } else {
      out.push(sentence)
    }
    open = true
  }
}

/**
 * Sentences of a passage, in order, whitespace collapsed. Single line breaks are wrapped
 * lines (PDF text, hard-wrapped abstracts), so only blank lines end a paragraph.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  for (const paragraph of text.split(/\n[^\S\n]*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim()
    if (flat) sentencesOfParagraph(flat, out)
  }
  return out
}
