// Paper Brain and multi-paper chat with page citations (seed 004, issue 12). Importing this
// folder registers its session operations and the 'papers-chat' run.
import './register'

export { paperRoutes } from './routes'
export { paperOperations } from './operations'
export { checkPageCitations, type GivenPage, type PageCitation } from './page-citations'
export { looksLikeTitle, rewriteForArxiv, keywordsOf } from './query-rewrite'
export { requestTopic } from './request-topic'
export { searchPapers, type PaperSearchResult } from './search'
export { cleanRewrite, rewriteSearchQuery, type SearchRewrite } from './semantic-rewrite'
export { paperNamespace } from './namespace'
export {
  consumeQuota,
  markApiExhausted,
  readQuota,
  type QuotaLimits,
  type QuotaView,
} from './quota'
export { gatherEvidence, type EvidenceDeps, type PaperEvidence } from './evidence'
export { extractivePaperAnswer } from './offline-chat'
export { indexPaperPages, type PaperToLoad } from './load'
export { deletePaperPdf, deleteSessionPdfs } from './pdf-store'
export { quotaLimits } from './quota-gate'
export { chatBodySchema, loadBodySchema, paperPdfParamSchema, searchBodySchema } from './schemas'
export { papersOpenApi } from './openapi'
