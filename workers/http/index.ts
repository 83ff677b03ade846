// The HTTP layer: request context, the error envelope, validation, CORS, body limits, auth,
// rate limiting, content negotiation and the system routes.
export type { ApiAuth, AppEnv } from './app-env'
export { requestContext } from './request-context'
export { requestId } from './request-id'
export { errorHandler, notFoundHandler, createNotFoundHandler } from './error-handler'
export { appErrorFromCode, appErrorResponse, envelope, type ErrorEnvelope } from './error-envelope'
export { describeIssues, invalidInput, validate } from './validate'
export { corsFromConfig, isAllowedOrigin } from './cors'
export { WIDGET_KEY_HEADER, widgetAccess } from './widget-access'
export { isUploadRoute, limitBodySize, routeBodyLimit } from './body-limit'
export { requireApiKey, authNote, apiKeyOwner, verifiedApiKey, OPEN_AUTH_HEADER } from './api-key'
export { constantTimeEqual, matchesAny } from './constant-time'
export { generateSessionToken, hashToken, readBearerToken } from './session-token'
export { fromBase64Url, toBase64Url } from './base64url'
export { publicRateLimit } from './rate-limit'
export { chargeClient, clientQuota, refundClient } from './client-quota'
export { identifyClient } from './client-identity'
export { negotiateFormat, type ResponseFormat } from './negotiate'
export { describeHealth, type Health } from './health'
export { systemRoutes } from './system-routes'
export { openAuthorizedSession, stopAuthorizedRun } from './session-access'
export { callOperation } from './call-operation'
export {
  relayPackets,
  runToResponse,
  startFailure,
  type RunResponseFormat,
  type RunResponseOptions,
} from './run-relay'
export { sessionRoutes, sessionIdParamSchema } from './session-routes'
export * as openApi from './openapi-blocks'
export type { Json } from './openapi-blocks'
export { openApiParts } from './openapi-parts'
