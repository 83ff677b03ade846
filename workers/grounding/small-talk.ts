// Greetings and chit-chat: answered with a short friendly reply, never with a search. Only a
// message that is nothing but small talk counts, though it may be several pieces of it ("Hi
// there, how are you?"); "hi, what causes scurvy?" is a question.

type Kind = 'greeting' | 'thanks' | 'bye' | 'wellbeing' | 'identity' | 'ack'

const PATTERNS: [Kind, RegExp][] = [
  [
    'greeting',
    /^(hi+|hello+|hey+|hiya|howdy|yo|greetings|good (morning|afternoon|evening|day)|what'?s up|sup|hi there|hello there|hey there)$/,
  ],
  ['thanks', /^(thanks?|thank you|thx|ty|cheers|much appreciated|great thanks|ok thanks)$/],
  ['bye', /^(bye+|goodbye|good night|see (you|ya)( later)?|later|farewell|take care)$/],
  [
    'wellbeing',
    /^(how are (you|u|things)( doing)?|how'?s it going|how is it going|how do you do|you ok|are you ok|how have you been)$/,
  ],
  [
    'identity',
    /^(who are you|what are you|what can you do|what do you do|help|can you help( me)?|what can you help( me)? with)$/,
  ],
  ['ack', /^(ok(ay)?|k|cool|nice|great|awesome|got it|i see|lol|haha+|sure|alright|ok cool)$/],
]

/** Words that may trail small talk without making it a question ("thanks a lot, Quire!"). */
const TAIL = /\s+(there|again|so much|a lot|very much|quire|today|mate|friend|all|everyone)$/

function normalise(text: string): string {
  let out = text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  for (let i = 0; i < 3 && TAIL.test(out); i += 1) out = out.replace(TAIL, '')
  return out
}

function kindOfPiece(text: string): Kind | null {
  const normal = normalise(text)
  if (!normal || normal.length > 40) return null
  for (const [kind, pattern] of PATTERNS) if (pattern.test(normal)) return kind
  return null
}

/** Which reply a message of several pieces gets: the one that asks most of us. */
const PRECEDENCE: Kind[] = ['identity', 'wellbeing', 'thanks', 'bye', 'greeting', 'ack']

/**
 * The kind of a message made only of small talk: each piece (split at punctuation, or at the
 * one word boundary where a greeting ends, as in "hi there how are you") is small talk.
 */
function kindOf(text: string): Kind | null {
  if (text.length > 120) return null
  const pieces = text.split(/[,.!?;:\n]+/).filter((p) => p.trim())
  if (pieces.length === 0) return null
  let kinds = pieces.map(kindOfPiece)
  if (pieces.length === 1 && kinds[0] === null) {
    const words = normalise(text).split(' ')
    for (let cut = 1; cut < words.length && kinds[0] === null; cut += 1) {
      const parts = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')]
      const split = parts.map(kindOfPiece)
      if (split.every((k) => k !== null)) kinds = split
    }
  }
  if (kinds.some((k) => k === null)) return null
  return PRECEDENCE.find((k) => kinds.includes(k)) ?? null
}

export function isSmallTalk(text: string): boolean {
  return kindOf(text) !== null
}

const INVITE = 'Ask me about a topic, a finding or a paper.'

const REPLIES: Record<Kind, string> = {
  greeting: `Hello! I answer research questions from the sources I can retrieve, and cite each claim. ${INVITE}`,
  thanks: `You're welcome! ${INVITE}`,
  bye: 'Goodbye! Come back with a research question any time.',
  wellbeing: `Hello! I'm doing well, thanks. ${INVITE}`,
  identity:
    'I am Quire, a research assistant: I answer questions from the sources I retrieve and ' +
    `cite every claim, and I say so when the sources do not cover a question. ${INVITE}`,
  ack: `Sure. ${INVITE}`,
}

export function smallTalkReply(text: string): string {
  return REPLIES[kindOf(text) ?? 'greeting']
}
