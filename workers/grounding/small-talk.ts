// Greetings and chit-chat: answered with a short friendly reply, never with a search.

const SMALL_TALK =
  /^(hi|hello|hey|hiya|yo|howdy|good (morning|afternoon|evening)|thanks?( you)?|thank you( very much)?|cheers|ok(ay)?|bye|goodbye|how are you( doing)?|who are you|what can you do)[\s!.?,]*$/i

export function isSmallTalk(text: string): boolean {
  return SMALL_TALK.test(text.trim())
}

export function smallTalkReply(_text: string): string {
  return (
    'Hello! I answer research questions from the sources I can retrieve, and cite each ' +
    'claim. Ask me about a topic, a finding or a paper.'
  )
}
