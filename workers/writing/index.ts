// Research writing (seed 000, issue 10): stage 1 generates content held for approval, stage 2
// places approved content into the user's document without losing a word; documents,
// versions, structure, types and export. Importing this folder registers its run and operations.
import './register'

export { writingRoutes } from './routes'
export { sharedTypeRoutes } from './shared-types-routes'
export { writingOperations } from './operations'
export { writingOpenApi } from './openapi'
export { documentForShare, type SharedDocument } from './shared-document'
export { applyPlacement, type Merge } from './placement/apply'
export { placeDeterministically, matchSection, headingScore } from './placement/deterministic'
export { mergeDeterministically, type FastPlacement } from './placement/fast'
export { scanHeadings } from './placement/headings'
export { placementSchema, type Placement, type AppliedPlacement } from './placement/types'
export { parseBlocks, structureOf, structureSummary, type DocBlock } from './structure'
export { moveSourcesOut } from './clean-content'
export { toResearchPlainText } from './plain-text'
export { highlightsBlock, withHighlights } from './highlights'
export { alternate, markHistory, CURRENT_MARK, HISTORY_MARK } from './history-marks'
export { isValidTypeName } from './document-types'
