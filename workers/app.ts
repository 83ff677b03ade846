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
import { writingRoutes } from './writing'

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  // Order matters: the request id and deps first (so every response, even a config error,
  // carries the envelope and id), then CORS (answers preflights), then every route's body cap
  // (before anything reads a key, token or signature), then the widget's origin and key scope.
  app.use('*', ...requestContext())
  app.use('*', corsFromConfig())
  app.use('*', routeBodyLimit())
  app.use('/api/*', widgetAccess())
  app.route('/', systemRoutes)
  app.get('/openapi.json', (c) => c.json(openApiDocument()))
  app.route('/', widgetRoutes)
  app.route('/api/sessions', sessionRoutes)
  app.route('/api', erasureRoutes)
  app.route('/api/sessions', turnRoutes)
  app.route('/api/sessions', sessionShareRoutes)
  app.route('/', publicShareRoutes)
  app.route('/api/ingest', ingestRoutes)
  app.route('/api/papers', paperRoutes)
  app.route('/api/research', researchRoutes)
  app.route('/api/claims', claimRoutes)
  app.route('/api', answerRoutes)
  app.route('/api/debate', debateRoutes)
  app.route('/api', writingRoutes)
  app.route('/v1', openAiRoutes)
  app.route('/mcp', mcpRoutes)
  // Unmatched paths get the 404 envelope; a path that exists under other methods gets 405.
  app.notFound(createNotFoundHandler(app))
  app.onError(errorHandler)
  return app
}

export const app = createApp()
