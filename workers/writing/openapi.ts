// The writing capability's part of /openapi.json.
import type { openApi } from '../http'
import { writingPaths } from './openapi-paths'

export const writingOpenApi: openApi.OpenApiPart = { paths: writingPaths }
