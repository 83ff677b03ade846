// The embeddable widget's script route.
export { WIDGET_CACHE_CONTROL, widgetRoutes } from './routes'
