export * from './packets'
