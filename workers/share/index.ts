// Share links (issue 13): signed, read-only, revocable links to a session's transcript.
// Importing this folder registers its session operations.
export { publicShareRoutes, sessionShareRoutes } from './routes'
export { shareOperations } from './operations'
export { shareGrantsSource } from './source-grant'
export { signShareToken, verifyShareToken, type ShareClaims } from './signing'
export { shareOpenApi } from './openapi'
export { buildTranscript, type SharedTranscript } from './transcript'
