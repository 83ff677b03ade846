// The "no relevant sources" sentinel: what a model replies, instead of an answer or a draft,
// when none of the evidence it was given addresses the request. Never shown to a user; every
// capability that lets the model decline uses this one word.
export const NO_ANSWER_SENTINEL = 'NO_RELEVANT_SOURCES'

/** True when a reply (or a field of a JSON reply) is the sentinel, alone or opening it. */
export function isNoAnswerSentinel(text: string): boolean {
  return text
    .trim()
    .replace(/^["'`]+/, '')
    .startsWith(NO_ANSWER_SENTINEL)
}
