export { prefetchLandingCatalog } from './prefetch';
