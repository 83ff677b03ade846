// The evidence map's words, from the server's one table (workers/claims/words.ts is
// dependency-free), so the page, the share pages and the MCP tool say the same thing.
export {
  claimNotes,
  ESTIMATED_NOTE,
  NO_EVIDENCE_NOTE,
  STANCE_TITLES,
  VERDICT_WORDS,
} from '../../../workers/claims/words'
