// The citation check lives in the grounding core; this keeps the answer engine's imports.
export { checkCitations, createCitationMapper, tidyAnswer, type CitationMapper } from '../grounding'
