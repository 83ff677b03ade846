// Builds the Hono app: middleware, the error envelope, and one router per capability.
import { Hono } from 'hono'
import { answerRoutes, claimRoutes, openAiRoutes } from './answer'
import {
  type AppEnv,
  corsFromConfig,
  createNotFoundHandler,
  errorHandler,
  requestContext,
  routeBodyLimit,
  sessionRoutes,
  systemRoutes,
  widgetAccess,
} from './http'
import { debateRoutes } from './debate'
import { erasureRoutes } from './erasure'
import { ingestRoutes } from './ingest'
import { mcpRoutes } from './mcp'
import { openApiDocument } from './openapi'
import { paperRoutes } from './papers'
import { researchRoutes } from './research'
import { publicShareRoutes, sessionShareRoutes } from './share'
import { turnRoutes } from './turn'
import { widgetRoutes } from './widget'
import { sharedTypeRoutes, writingRoutes } from './writing'

export function createApp() {
  // Order matters: the request id and deps first (so every response, even a config error,
  // carries the envelope and id), then CORS (answers preflights), then every route's body cap
  // (before anything reads a key, token or signature), then the widget's origin and key scope.
  // One chain, so the app's type carries every route's schema for the web's typed client.
  const app = new Hono<AppEnv>()
    .use('*', ...requestContext())
    .use('*', corsFromConfig())
    .use('*', routeBodyLimit())
    .use('/api/*', widgetAccess())
    .route('/', systemRoutes)
    .get('/openapi.json', (c) => c.json(openApiDocument()))
    .route('/', widgetRoutes)
    .route('/api/sessions', sessionRoutes)
    .route('/api', erasureRoutes)
    .route('/api/sessions', turnRoutes)
    .route('/api/sessions', sessionShareRoutes)
    .route('/', publicShareRoutes)
    .route('/api/ingest', ingestRoutes)
    .route('/api/papers', paperRoutes)
    .route('/api/research', researchRoutes)
    .route('/api/claims', claimRoutes)
    .route('/api', answerRoutes)
    .route('/api/debate', debateRoutes)
    .route('/api', writingRoutes)
    .route('/api/document-types', sharedTypeRoutes)
    .route('/v1', openAiRoutes)
    .route('/mcp', mcpRoutes)
  // Unmatched paths get the 404 envelope; a path that exists under other methods gets 405.
  app.notFound(createNotFoundHandler(app))
  app.onError(errorHandler)
  return app
}

export const app = createApp()
