// The grounding core: the one place for evidence. Relevance and abstention, small talk,
// conversational query rewriting and text terms; every capability answers through it.
export {
  judgeRelevance,
  type EvidencePassage,
  type RelevanceJudgement,
  type TermStatistics,
  type TermStatisticsSource,
} from './relevance'
export { isSmallTalk, smallTalkReply } from './small-talk'
export { rewriteFollowUp, type ConversationTurn } from './rewrite'
export { contentTerms } from './terms'
