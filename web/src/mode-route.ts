export type ModeRoute = { session?: string; params: URLSearchParams }
