// Worker entry: HTTP through the Hono app, the ingest queue consumer, and the Durable Object class.
import { app } from './app'
import { handleIngestBatch } from './ingest'

export { SessionDO } from './session'
export { ResearchWorkflow } from './research'

export default {
  fetch: app.fetch,
  queue: handleIngestBatch,
} satisfies ExportedHandler<Env>
