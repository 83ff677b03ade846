// Erasure (issue 49): deleting a session and everything it owns (the steps SessionDO runs,
// registered when this folder is loaded), and deleting one source alone (routes.ts).
import './register'

export { erasureRoutes } from './routes'
export { eraseSources, type SourceErasureCounts } from './source-erasure'
export { sessionErasureSteps } from './steps'
export { erasureOpenApi } from './openapi'
