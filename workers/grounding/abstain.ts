// What Quire says when it abstains: briefly, that the sources do not cover the question,
// and why; it cites nothing.

export function abstentionAnswer(reason: string): string {
  return (
    `I could not find sources that address this question (${reason}), so I will not guess. ` +
    'Try rephrasing it, or ask about a topic the knowledge base covers.'
  )
}
