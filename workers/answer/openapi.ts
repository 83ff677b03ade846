// The answer capability's part of /openapi.json.
import type { openApi } from '../http'
import { claimPaths, claimSchemas } from './openapi-claims'
import { answerPaths, openAiPaths } from './openapi-paths'
import { answerSchemas } from './openapi-shapes'

export const answerOpenApi: openApi.OpenApiPart = {
  paths: () => ({ ...answerPaths(), ...claimPaths(), ...openAiPaths() }),
  schemas: () => ({ ...answerSchemas(), ...claimSchemas() }),
}
