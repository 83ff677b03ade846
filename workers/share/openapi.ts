// The share capability's part of /openapi.json.
import type { openApi } from '../http'
import { sharePaths } from './openapi-paths'

export const shareOpenApi: openApi.OpenApiPart = { paths: sharePaths }
