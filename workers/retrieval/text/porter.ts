// The Porter (1980) suffix-stripping stemmer, in the variant SQLite's FTS5 `porter` tokenizer
// uses, so offline embeddings, lexical reranking and document frequencies share FTS5's terms.

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u'])

function isConsonant(word: string, i: number): boolean {
  const ch = word[i] ?? ''
  if (VOWELS.has(ch)) return false
  if (ch === 'y') return i === 0 || !isConsonant(word, i - 1)
  return true
}

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0
  let sawVowel = false
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i)
    if (!consonant) sawVowel = true
    else if (sawVowel) {
      m++
      sawVowel = false
    }
  }
  return m
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true
  return false
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1)
}

/** *o: the stem ends consonant-vowel-consonant and the last is not w, x or y. */
function endsCvc(word: string): boolean {
  const n = word.length
  if (n < 3) return false
  const last = word[n - 1] ?? ''
  return (
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    !'wxy'.includes(last)
  )
}

type Rule = [suffix: string, replacement: string]

/** Applies the first rule whose suffix matches, if its stem passes `when`. */
function applyRules(word: string, rules: Rule[], when: (stem: string) => boolean): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue
    const stem = word.slice(0, -suffix.length)
    return when(stem) ? stem + replacement : word
  }
  return word
}

function step1a(w: string): string {
  if (w.endsWith('sses') || w.endsWith('ies')) return w.slice(0, -2)
  if (w.endsWith('ss')) return w
  return w.endsWith('s') ? w.slice(0, -1) : w
}

function step1b(w: string): string {
  // SQLite only takes the 'eed' branch when a stem precedes it ("eed" itself falls to 'ed').
  if (w.endsWith('eed') && w.length > 3) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w
  const suffix = w.endsWith('ed') ? 'ed' : w.endsWith('ing') ? 'ing' : ''
  if (!suffix) return w
  const stem = w.slice(0, -suffix.length)
  if (!hasVowel(stem)) return w
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e'
  if (endsDoubleConsonant(stem) && !'lsz'.includes(stem[stem.length - 1] ?? '')) {
    return stem.slice(0, -1)
  }
  return measure(stem) === 1 && endsCvc(stem) ? stem + 'e' : stem
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? w.slice(0, -1) + 'i' : w
}

const STEP2: Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
]

const STEP3: Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
]

const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
]

/** Longest-suffix order matters: 'ement' before 'ment' before 'ent'. */
function step4(w: string): string {
  const suffix = STEP4.filter((s) => w.endsWith(s)).sort((a, b) => b.length - a.length)[0]
  if (!suffix) return w
  const stem = w.slice(0, -suffix.length)
  if (measure(stem) <= 1) return w
  if (suffix === 'ion' && !/[st]$/.test(stem)) return w
  return stem
}

function step5(w: string): string {
  let word = w
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1)
    const m = measure(stem)
    if (m > 1 || (m === 1 && !endsCvc(stem))) word = stem
  }
  if (word.endsWith('ll') && measure(word) > 1) word = word.slice(0, -1)
  return word
}

const positive = (stem: string) => measure(stem) > 0

/** SQLite measures tokens in UTF-8 bytes. */
function byteLength(token: string): number {
  for (let i = 0; i < token.length; i++) {
    if (token.charCodeAt(i) > 0x7f) return new TextEncoder().encode(token).length
  }
  return token.length
}

/**
 * Stems one lower-case token. Like SQLite, any character outside a-e-i-o-u(-y) counts as a
 * consonant (digits, Greek letters), and tokens under 3 or over 64 bytes pass through.
 */
export function porterStem(token: string): string {
  const bytes = byteLength(token)
  if (bytes < 3 || bytes > 64) return token
  let w = step1c(step1b(step1a(token)))
  w = applyRules(w, STEP2, positive)
  w = applyRules(w, STEP3, positive)
  return step5(step4(w))
}
