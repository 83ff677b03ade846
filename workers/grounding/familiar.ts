// Everyday words: the New Dale–Chall list of about 3,000 words familiar to most American
// fourth-graders (the `dale-chall` package). A question made of them ("How old is the
// universe?", "What time zone is Chicago in?") speaks everyday English, where research
// questions name their subject in technical words; the relevance model weighs the share.
// Words are compared as written or with an inflection undone ("treated" -> "treat"), never as
// stems: stems collide ("mineral" and "miner", "university" and "universe").
import { daleChall } from 'dale-chall'
import { foldText } from './text'

const FAMILIAR: ReadonlySet<string> = new Set(daleChall.map((word) => word.toLowerCase()))

/** The word and the words it may inflect (plural, past, -ing): "treated" -> "treat". */
function baseForms(word: string): string[] {
  const forms = [word]
  const swap = (suffix: RegExp, to: string) => {
    if (suffix.test(word)) forms.push(word.replace(suffix, to))
  }
  swap(/ies$/, 'y')
  swap(/ied$/, 'y')
  swap(/(s|x|z|ch|sh)es$/, '$1')
  swap(/s$/, '')
  swap(/ed$/, '')
  swap(/ed$/, 'e')
  swap(/ing$/, '')
  swap(/ing$/, 'e')
  swap(/([b-df-hj-np-tv-z])\1(ed|ing)$/, '$1')
  return forms
}

/** True for an everyday word or an inflection of one ("bone", "countries", "treated"). */
export function isFamiliarWord(word: string): boolean {
  return baseForms(foldText(word)).some((form) => FAMILIAR.has(form))
}
