// The embeddable widget's script route and its OpenAPI part.
export { widgetOpenApi } from './openapi'
export { WIDGET_CACHE_CONTROL, widgetRoutes } from './routes'
