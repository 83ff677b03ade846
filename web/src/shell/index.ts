// The app shell (navigation, routes, shared page furniture).
export { startShell } from './shell'
export { parseRoute, routeHref, type ShellRoute } from './router'
