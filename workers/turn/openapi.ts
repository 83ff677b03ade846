// The turn engine's part of /openapi.json (messages, settings, files).
import type { openApi } from '../http'
import { turnPaths } from './openapi-paths'
import { turnSchemas } from './openapi-shapes'

export const turnOpenApi: openApi.OpenApiPart = { paths: turnPaths, schemas: turnSchemas }
