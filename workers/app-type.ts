// The app's route types for the web's typed client (`hc<AppType>`): a type-only module, so the
// page and the widget import no Worker code, only the request and response shapes it infers.
import type { app } from './app'

/** Every route's inputs and JSON outputs; a changed route shape is a type error in web/src. */
export type AppType = typeof app
