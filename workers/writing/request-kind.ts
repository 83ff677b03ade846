// What a writing request asks for: to change text the user pointed at ("Rewrite the
// highlighted sentence to be more concise", "Shorten this", "Make the selection more formal")
// or to add content on a topic ("Add a paragraph on statins", "Expand on the highlighted
// finding"). An edit's words name no topic: the library is never searched for them.

export type RequestKind = 'edit_selection' | 'add_content'

/** Verbs that change given text rather than add to it. */
const EDIT_VERB =
  /\b(?:re-?write|rephrase|reword|paraphrase|reformulate|shorten|condense|tighten|trim|simplify|polish|edit|revise|proofread|copy-?edit|fix|correct|clarify|restructure|streamline|tidy|clean up|tone down|redo|cut(?: down)?|improve the (?:flow|wording|style|tone|grammar|clarity|readability))\b/i
/** "make it shorter", "turn this into plain language", "change the highlighted text to …". */
const RESHAPE =
  /\b(?:make|turn|change|convert|put)\b[^.?!]*?\b(?:shorter|longer|clearer|simpler|concise|conciser|formal|informal|readable|tighter|crisper|plainer|smoother|more|less|into|to (?:the )?(?:past|present|passive|active|plain|british|american))\b/i
/** The text the user pointed at: the highlight, the selection, "this", "it". */
const POINTED_AT =
  /\b(?:highlighted|selected|marked|attached|quoted|underlined|the above|(?:the|my|this) (?:selection|highlight|highlights|excerpt)|this|these|that (?:sentence|paragraph|passage|text|part|bit|line)|it)\b/i
/** Openings that ask for new content, even about the highlight ("Expand on this"). */
const ADD_OPENING =
  /^(?:(?:please|kindly|now|also|then|can you|could you|would you|will you)[,\s]+)*(?:add|write|insert|append|include|draft|compose|create|generate|expand|elaborate|extend|explain|summari[sz]e|find|cite|give|provide|list|describe|discuss|outline|continue)\b/i

/**
 * Reads the request's kind from its wording: an edit verb (or "make … shorter") aimed at the
 * text pointed at, or — with highlights attached — at nothing else. An opening that asks for
 * content ("Add …", "Expand on …") makes it an addition whatever follows.
 */
export function requestKind(
  message: string,
  options: { hasHighlights: boolean; namesTopic: boolean },
): RequestKind {
  const text = message.trim()
  if (ADD_OPENING.test(text)) return 'add_content'
  if (!EDIT_VERB.test(text) && !RESHAPE.test(text)) return 'add_content'
  if (POINTED_AT.test(text)) return 'edit_selection'
  return options.hasHighlights && !options.namesTopic ? 'edit_selection' : 'add_content'
}
