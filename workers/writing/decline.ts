// What stage 1 says when it writes nothing: the knowledge base does not support the request
// (judged by the grounding core, or by the model through the sentinel), or — offline — a
// message that only rewords pending content, which needs a model. Nothing is cited.

export function declineReply(reason: string, options: { revising: boolean }): string {
  const kept = options.revising
    ? 'the suggestion awaiting approval is unchanged'
    : 'I have not drafted anything and your document is unchanged'
  return (
    `The knowledge base has no sources that support this request (${reason}), so ${kept}. ` +
    'Ask for a topic the library covers, or write this part yourself with Edit text.'
  )
}

export const CANNOT_REWORD =
  'Rewording a suggestion needs a language model, and none is configured, so the suggestion is unchanged. Reject it and ask again with a narrower topic, or approve it and edit the text yourself.'
