// The papers capability's part of /openapi.json.
import type { openApi } from '../http'
import { paperPaths } from './openapi-paths'

export const papersOpenApi: openApi.OpenApiPart = { paths: paperPaths }
