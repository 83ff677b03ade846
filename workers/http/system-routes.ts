// GET /health and GET /openapi.json.
import { Hono } from 'hono'
import type { AppEnv } from './app-env'
import { describeHealth } from './health'
import { buildOpenApiDocument } from './openapi'

let openApiCache: ReturnType<typeof buildOpenApiDocument> | undefined

export const systemRoutes = new Hono<AppEnv>()
  .get('/health', (c) => {
    const deps = c.get('deps')
    return c.json(describeHealth(deps.config, deps.now()))
  })
  .get('/openapi.json', (c) => {
    openApiCache ??= buildOpenApiDocument()
    return c.json(openApiCache)
  })
