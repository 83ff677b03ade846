// The parts of /openapi.json that http/ owns: system and session routes, the shared error
// responses and security schemes (capabilities add their own parts).
import type { OpenApiPart } from './openapi-blocks'
import { buildComponents } from './openapi-components'
import { sessionPaths, systemPaths } from './openapi-session-paths'
import { sessionSchemas } from './openapi-session-shapes'

export const openApiParts = {
  system: { paths: systemPaths } satisfies OpenApiPart,
  sessions: { paths: sessionPaths, schemas: sessionSchemas } satisfies OpenApiPart,
  components: buildComponents,
}
