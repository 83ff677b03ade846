// Conversational openings that say how a question relates to the conversation, not what it
// is about: "By the way, …", "Switching topics: …", "One more question: …". Their words are
// no subject to search or judge ("switching" and "topics" found in no passage would count
// against the question), and some of them announce a new subject, which a follow-up rewrite
// must not tie to the old one.

/** Openings that announce a new subject. */
const NEW_SUBJECT =
  /^(?:(?:switching|changing|shifting|moving) (?:to )?(?:(?:the )?(?:topics?|subjects?|gears)|(?:a |another |a different |a new )(?:topic|subject|question))|(?:on|to) (?:a|an|another|a different|a new|a separate|an unrelated|a totally different|a completely different|an entirely different) (?:note|topic|subject|matter)|(?:a |one )?(?:new|different|separate|unrelated|another|other) (?:topic|subject|question|thing)|new question|unrelated(?:ly)?|separately|on a separate note|changing tack|moving on|different question|totally unrelated|completely unrelated|unrelated (?:but|question))\b/i

/** Openings that only frame the question ("By the way", "Quick question"). */
const FRAMING =
  /^(?:by the way|btw|incidentally|also|and also|one more (?:thing|question)|(?:a |one )?(?:quick|short|last|final|follow-?up|further|related|side) question|(?:i have|i've got|here's) (?:a|another|one more) question|(?:ok(?:ay)?|so|well|now|right|alright|anyway|anyhow|next)(?: then)?|(?:one )?last thing|(?:a )?question)\b/i

/** Thanks or assent before the next question ("Thanks! Now …", "Got it. What about …"). */
const COURTESY =
  /^(?:(?:ok(?:ay)?,? )?(?:thanks?(?: you)?(?: (?:so|very) much)?|thx|cheers)|great|cool|nice|perfect|excellent|awesome|interesting|got it|i see|makes sense|understood|fair enough)\b/i

/**
 * Openings that ask whether a claim holds ("Is it true that …", "Is there evidence that …"):
 * the claim is the question, and their "it" points back at nothing.
 */
const CLAIM_FRAME =
  /^(?:is it (?:really )?(?:true|the case|possible|known|likely|correct|right|a myth|a fact)|is there (?:any |good |strong )?(?:evidence|proof)|do we know|does (?:the )?(?:research|evidence|science|literature) (?:show|suggest|say)|have (?:studies|researchers|scientists) (?:shown|found)|i(?:'ve| have)? (?:heard|read))\s+(?:that|whether|if)\b/i

/** Where an opening ends: a colon, a comma or a dash, or the end of a one-word opening. */
const OPENING_END = /^\s*(?:[:,;]|\s[-–—])\s*/
/** Thanks end as a sentence of their own may ("Thanks! Now …"). */
const COURTESY_END = /^\s*(?:[:,;.!]+|\s[-–—])\s*/

function openingLength(question: string, pattern: RegExp): number | null {
  const text = question.trimStart()
  const match = pattern.exec(text)
  if (!match) return null
  const rest = text.slice(match[0].length)
  const end = (pattern === COURTESY ? COURTESY_END : OPENING_END).exec(rest)
  // Without punctuation only a new-subject opening or a claim's frame counts ("Unrelated but
  // does …", "Is it true that …"); "also" or "so" running on into the question is part of it
  // ("so what causes …"), and "interesting" or "great" may be its first word.
  if (!end && (pattern === FRAMING || pattern === COURTESY)) return null
  return question.length - text.length + match[0].length + (end?.[0].length ?? 0)
}

/**
 * The question after at most three openings of the given kinds ("Okay, one more question:
 * …"), each cut only when words are left after it.
 */
function afterOpenings(question: string, kinds: RegExp[]): string {
  let rest = question
  for (let i = 0; i < 3; i += 1) {
    const cut = kinds.reduce<number | null>(
      (found, kind) => found ?? openingLength(rest, kind),
      null,
    )
    if (cut === null) break
    const next = rest.slice(cut).trim()
    if (!/\p{L}/u.test(next)) break
    rest = next
  }
  return rest
}

/**
 * The question without an opening that asks whether its claim holds ("Is it true that"), and
 * without the openings that only frame it before that ("Okay, is it true that …"); the
 * question itself when it holds no such frame.
 */
export function withoutClaimFrame(question: string): string {
  const rest = afterOpenings(question, [FRAMING, COURTESY])
  const cut = openingLength(rest, CLAIM_FRAME)
  if (cut === null) return question
  const claim = rest.slice(cut).trim()
  return /\p{L}/u.test(claim) ? claim : question
}

/** True when the question opens by announcing a new subject ("Switching topics: …"). */
export function startsNewSubject(question: string): boolean {
  return openingLength(question, NEW_SUBJECT) !== null
}

/**
 * The question without its conversational openings, possibly several ("Okay, one more
 * question: does …"); the question itself when nothing would be left.
 */
export function withoutPreamble(question: string): string {
  return afterOpenings(question, [NEW_SUBJECT, FRAMING, COURTESY, CLAIM_FRAME])
}
