// What an extractive debate turn says about itself: the label above its quotes and its
// conclusion line (the turn query leaves both out, they are Quire's words, not the scientist's
// topic). A turn is extractive offline (no model configured) or when the model failed mid-run.
export const OFFLINE_LABEL =
  '_Offline: no language model is configured, so this turn quotes the most relevant retrieved passages; nothing was judged or executed._'

/** The label of a turn written without the model because the model failed earlier in the run. */
export function modelFailedLabel(reason: string): string {
  return `_Degraded: the model failed (${reason}), so this turn quotes the most relevant retrieved passages; nothing was judged or executed._`
}

/** Either label as it opens a turn's text. */
export const EXTRACTIVE_LABEL =
  /^_(?:Offline|Degraded): [^\n]*?nothing was judged or executed\._$/gm

export const OFFLINE_CONCLUSION =
  'Offline extractive turn: the evidence is quoted, but no scientist judged viability or ran a check.'
