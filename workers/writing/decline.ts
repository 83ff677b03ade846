// What stage 1 says when it writes nothing: the knowledge base does not support the request
// (judged by the grounding core, or by the model through the sentinel); offline, the sources
// found hold no sentence a document can take as it stands; or the message asks to reword
// text, which needs a model. Said in the user's terms — what happened, what they can do.
// Nothing is cited.

/** Why an offline draft has no sentence to offer. */
export type OfflineDeclineCause = 'unquotable' | 'nothing_to_add' | 'all_rejected'

function keptOf(revising: boolean): string {
  return revising
    ? 'the suggestion awaiting approval is unchanged'
    : 'I have not drafted anything and your document is unchanged'
}

export function declineReply(reason: string, options: { revising: boolean }): string {
  return (
    `The knowledge base has no sources that support this request (${reason}), so ${keptOf(options.revising)}. ` +
    'Ask for a topic the library covers, or write this part yourself with Edit text.'
  )
}

/** The `reason` an offline decline reports, as plain as its reply. */
export const OFFLINE_DECLINE_REASON: Record<OfflineDeclineCause, string> = {
  unquotable: 'the sources found have no sentence that can be quoted as it stands',
  nothing_to_add: 'the knowledge base has nothing to add to the suggestion',
  all_rejected: 'every sentence that supports it was in the rejected draft',
}

const OFFLINE_DECLINE_REPLY: Record<OfflineDeclineCause, string> = {
  unquotable:
    'I found sources on this in the knowledge base, but none of their sentences can be quoted as it stands: each leans on the sentences around it, or is a heading, a figure or a table.',
  nothing_to_add:
    'The knowledge base has no further sentence on this beyond what the suggestion already says.',
  all_rejected:
    'Every sentence the knowledge base has on this was in the draft you rejected, so there is nothing new to offer.',
}

/** An offline draft declined: what happened, what was kept, and what the user can try. */
export function offlineDeclineReply(
  cause: OfflineDeclineCause,
  options: { revising: boolean },
): string {
  return (
    `${OFFLINE_DECLINE_REPLY[cause]} So ${keptOf(options.revising)}. ` +
    'Try a narrower request, add sources on this topic to the library, write this part yourself with Edit text, or configure a language model to write from the sources.'
  )
}

export const CANNOT_REWORD =
  'Rewording a suggestion needs a language model, and none is configured, so the suggestion is unchanged. Reject it and ask again with a narrower topic, or approve it and edit the text yourself.'

/** Offline, a request to rewrite highlighted text: said plainly, the library is not searched. */
export function cannotEditSelection(hasHighlights: boolean): string {
  const pointed = hasHighlights
    ? ''
    : ' (and no highlight is attached to this message: select the text in your document to attach it)'
  return (
    `Rewriting text needs a language model, and none is configured${pointed}, so I have not changed anything and your document is unchanged. ` +
    'Edit the text yourself with Edit text, or configure a language model to have it rewritten.'
  )
}
