// STUB (ingest helper replaces)
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
export const ingestRoutes = new Hono<AppEnv>()
export async function handleIngestBatch(batch: MessageBatch, _env: Env): Promise<void> { batch.ackAll() }
