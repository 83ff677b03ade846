// The debate capability's part of /openapi.json.
import type { openApi } from '../http'
import { debatePaths } from './openapi-paths'

export const debateOpenApi: openApi.OpenApiPart = { paths: debatePaths }
