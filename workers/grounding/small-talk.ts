// Greetings and chit-chat: answered with a short friendly reply, never with a search. Only a
// message that is nothing but small talk counts ("hi, what causes scurvy?" is a question).

type Kind = 'greeting' | 'thanks' | 'bye' | 'wellbeing' | 'identity' | 'ack'

const PATTERNS: [Kind, RegExp][] = [
  [
    'greeting',
    /^(hi+|hello+|hey+|hiya|howdy|yo|greetings|good (morning|afternoon|evening|day)|what'?s up|sup|hi there|hello there|hey there)$/,
  ],
  ['thanks', /^(thanks?|thank you|thx|ty|cheers|much appreciated|great thanks|ok thanks)$/],
  ['bye', /^(bye+|goodbye|good night|see (you|ya)( later)?|later|farewell|take care)$/],
  ['wellbeing', /^(how are (you|u)( doing)?|how'?s it going|how do you do|you ok)$/],
  ['identity', /^(who are you|what are you|what can you do|what do you do|help)$/],
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

function kindOf(text: string): Kind | null {
  const normal = normalise(text)
  if (!normal || normal.length > 40) return null
  for (const [kind, pattern] of PATTERNS) if (pattern.test(normal)) return kind
  return null
}

export function isSmallTalk(text: string): boolean {
  return kindOf(text) !== null
}

const INVITE = 'Ask me about a topic, a finding or a paper.'

const REPLIES: Record<Kind, string> = {
  greeting: `Hello! I answer research questions from the sources I can retrieve, and cite each claim. ${INVITE}`,
  thanks: `You're welcome! ${INVITE}`,
  bye: 'Goodbye! Come back with a research question any time.',
  wellbeing: `I'm doing well, thanks. ${INVITE}`,
  identity:
    'I am Quire, a research assistant: I answer questions from the sources I retrieve and ' +
    `cite every claim, and I say so when the sources do not cover a question. ${INVITE}`,
  ack: `Sure. ${INVITE}`,
}

export function smallTalkReply(text: string): string {
  return REPLIES[kindOf(text) ?? 'greeting']
}
