// What an offline debate turn says about itself: the label above its quotes and its conclusion
// line (the turn query leaves both out, they are Quire's words, not the scientist's topic).
export const OFFLINE_LABEL =
  '_Offline: no language model is configured, so this turn quotes the most relevant retrieved passages; nothing was judged or executed._'

export const OFFLINE_CONCLUSION =
  'Offline extractive turn: the evidence is quoted, but no scientist judged viability or ran a check.'
