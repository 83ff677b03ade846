// Builds the Hono app: middleware, the error envelope, and one router per capability.
import { Hono } from 'hono'
import { answerRoutes, openAiRoutes } from './answer'
import { type AppEnv, errorHandler, notFoundHandler, requestContext, systemRoutes } from './http'
import { ingestRoutes } from './ingest'
import { sessionRoutes } from './session'
import { turnRoutes } from './turn'

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', ...requestContext())
  app.route('/', systemRoutes)
  app.route('/api/sessions', sessionRoutes)
  app.route('/api/sessions', turnRoutes)
  app.route('/api/ingest', ingestRoutes)
  app.route('/api', answerRoutes)
  app.route('/v1', openAiRoutes)
  app.notFound(notFoundHandler)
  app.onError(errorHandler)
  return app
}

export const app = createApp()
