// What Quire says when it abstains: briefly, that the sources do not cover the question (or
// that search failed), and only the next steps the caller can take: a filter is offered for
// removal only when the request set one. It cites nothing.

export function abstentionAnswer(reason: string): string {
  return (
    `I could not find sources that address this question (${reason}), so I will not guess. ` +
    'Try rephrasing it, or ask about a topic the knowledge base covers.'
  )
}

export interface AbstentionContext {
  /** Search itself failed (its reason): there was nothing to judge. */
  searchFailed?: string
  /** The request limited search to (or away from) some domains. */
  domainFilter?: boolean
  /** The request limited search to recent results. */
  recencyFilter?: boolean
  /** Only the local library was searched (the offline default, or asked for). */
  libraryOnly?: boolean
  /** A follow-up naming no subject, after questions that all found nothing: nothing was searched. */
  noSubject?: boolean
  /** A first question that points back to something never said and names no subject. */
  unsaidSubject?: boolean
}

/** Why a follow-up that names no subject, after questions that all found nothing, abstains. */
export const NO_SUBJECT_REASON =
  'the earlier question found nothing in the library, and this one names no subject of its own'

const NOT_COVERED = 'The sources I found do not cover this question, so I will not guess an answer.'
const SEARCH_FAILED = 'Search failed'
const NOTHING_IN_DOCUMENTS =
  'The knowledge base has nothing that answers this question, so I will not guess.'
const NO_SUBJECT =
  'The earlier question found nothing in the library, so I cannot tell what this one asks about and will not guess.'
const NO_SUBJECT_ANSWER = `${NO_SUBJECT} Ask it again with its subject named.`

/** Why a first question that points back to something never said abstains. */
export const UNSAID_SUBJECT_REASON =
  'the question points back to something not said, and names no subject of its own'
const UNSAID_SUBJECT =
  'This question points back to something not said here, so I cannot tell what it asks about and will not guess.'

/** The abstention of an ask: what happened, then what the caller can try. */
export function askAbstention(context: AbstentionContext): string {
  if (context.searchFailed) {
    return (
      `${SEARCH_FAILED} (${context.searchFailed}), so I have no sources to answer from and will ` +
      'not guess. Please try again in a moment.'
    )
  }
  if (context.noSubject) return NO_SUBJECT_ANSWER
  if (context.unsaidSubject) return `${UNSAID_SUBJECT} Ask it again with its subject named.`
  const widen = [
    context.domainFilter ? 'removing the domain filter' : '',
    context.recencyFilter ? 'removing the recency filter' : '',
  ].filter(Boolean)
  const steps = [
    'rephrasing it with the terms a paper on it would use',
    ...widen,
    context.libraryOnly ? 'asking about a topic the library covers' : '',
  ].filter(Boolean)
  const last = steps.pop()
  const list = steps.length ? `${steps.join(', ')} or ${last}` : last
  return `${NOT_COVERED} Try ${list}.`
}

/**
 * The abstention of a chat turn over the knowledge base (papers chat, the agent offline); with
 * `noSubject`, a follow-up that names no subject after questions that all found nothing; with
 * `unsaidSubject`, a first message that points back to something never said.
 */
export function documentsAbstention(
  context: { noSubject?: boolean; unsaidSubject?: boolean } = {},
): string {
  if (context.noSubject) return NO_SUBJECT_ANSWER
  if (context.unsaidSubject) return `${UNSAID_SUBJECT} Ask it again with its subject named.`
  return `${NOTHING_IN_DOCUMENTS} Try rephrasing it, or ask about a topic the documents cover.`
}

/** True for text Quire wrote when it abstained (an earlier turn that found nothing). */
export function isAbstentionText(text: string): boolean {
  const start = text.trim()
  return (
    start.startsWith(NOT_COVERED) ||
    start.startsWith(`${SEARCH_FAILED} (`) ||
    start.startsWith(NO_SUBJECT) ||
    start.startsWith(UNSAID_SUBJECT) ||
    start.startsWith(NOTHING_IN_DOCUMENTS) ||
    start.startsWith('I could not find sources that address this question')
  )
}
