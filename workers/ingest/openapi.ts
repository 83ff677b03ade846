// The ingest capability's part of /openapi.json.
import type { openApi } from '../http'
import { ingestPaths } from './openapi-paths'
import { ingestSchemas } from './openapi-shapes'

export const ingestOpenApi: openApi.OpenApiPart = { paths: ingestPaths, schemas: ingestSchemas }
