// A request for a section of its own, read from the request's shape: "Add a Methods section
// about …", "Insert an Introduction section", "Write a section called Limitations on …",
// "a new subsection titled 'Power analysis'", "Add a section on statin safety". The heading it
// names (or, for "a section on X", the topic as a heading) and where in the message it was said.

export interface SectionRequest {
  /** The heading to write, as the user named it ("Results", "Future work"). */
  heading: string
  /** "subsection": one level below the section it goes in. */
  isSubsection: boolean
  /** The span of the message that asks for the section ("a Results section"). */
  start: number
  end: number
}

/** Words that say where or whose, never part of a section's name ("a paragraph to the Results section"). */
const NOT_IN_NAME = new Set(
  (
    'to into in under inside within after before below above at on about for from with by the ' +
    'this that these those my our your its their it paragraph paragraphs sentence sentences ' +
    'text passage bit'
  ).split(' '),
)
/** How the section should read, said before its name ("a short Results section"). */
const MODIFIERS =
  /^(?:(?:new|short|brief|separate|dedicated|small|concise|detailed|full|proper|longer|extra|additional|more|further)(?:\s+|$))+/i

const NAME = String.raw`["'“‘]?([\p{L}\p{N}][\p{L}\p{N}'’&/ -]{0,60}?)["'”’]?`
/** "a Methods section", "an 'Ethics' subsection", "another Limitations section". */
const NAMED_BEFORE = new RegExp(
  String.raw`\b(?:a|an|one|another|new)\s+${NAME}\s+(sub)?section\b`,
  'giu',
)
/** "a section called Limitations", "new subsection titled 'Power analysis'". */
const NAMED_AFTER = new RegExp(
  String.raw`\b(sub)?section\s+(?:called|named|titled|entitled|headed|labelled|labeled)\s+["'“‘]?([^"'”’.;!?,\n]{2,80}?)["'”’]?(?=\s+(?:on|about|for|covering|discussing|that|which|with|to|under|after|before|in|into|at|summari[sz]ing|describing|explaining)\b|[.;!?,\n"'”’]|$)`,
  'iu',
)
/** "a section on statin safety", "a new subsection about power": the topic names it. */
const ON_TOPIC = new RegExp(
  String.raw`\b(?:a|an|one|another|new)\s+(?:new\s+)?(sub)?section\s+(?:on|about|covering|discussing|for)\s+(?:the\s+)?([^.;!?,\n]{2,80}?)(?=\s+(?:to|in|into|under|after|before|at|within|inside|that|which|with|using|based)\b|[.;!?,\n]|$)`,
  'iu',
)

function nameWords(name: string): string[] {
  return name.replace(MODIFIERS, '').trim().split(/\s+/).filter(Boolean)
}

/** A section's name: 1-6 words, none that says where it goes or what kind of text it is. */
function isName(words: string[]): boolean {
  if (words.length === 0 || words.length > 6) return false
  return words.every((w) => !NOT_IN_NAME.has(w.toLowerCase())) && /\p{L}/u.test(words.join(''))
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function namedBefore(message: string): SectionRequest | null {
  NAMED_BEFORE.lastIndex = 0
  for (let m = NAMED_BEFORE.exec(message); m; m = NAMED_BEFORE.exec(message)) {
    const words = nameWords(m[1] ?? '')
    const start = m.index
    if (isName(words))
      return {
        heading: sentenceCase(words.join(' ')),
        isSubsection: Boolean(m[2]),
        start,
        end: start + m[0].length,
      }
    // "a paragraph and a Methods section": the next article may open the name.
    NAMED_BEFORE.lastIndex = start + 1
  }
  return null
}

/** The section the message asks to be written, or null when it asks for none. */
export function sectionRequested(message: string): SectionRequest | null {
  const after = NAMED_AFTER.exec(message)
  if (after?.[2]) {
    const words = nameWords(after[2])
    if (words.length > 0 && words.length <= 8)
      return {
        heading: sentenceCase(words.join(' ')),
        isSubsection: Boolean(after[1]),
        start: after.index,
        end: after.index + after[0].length,
      }
  }
  const before = namedBefore(message)
  if (before) return before
  const topic = ON_TOPIC.exec(message)
  if (topic?.[2]?.trim())
    // The topic stays in the message: it is also what the section is written about.
    return {
      heading: sentenceCase(topic[2].trim()),
      isSubsection: Boolean(topic[1]),
      start: topic.index,
      end: topic.index + topic[0].length - topic[2].length,
    }
  return null
}
