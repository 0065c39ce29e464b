export { UserMenu } from './components/UserMenu';
export { RequireAuth, RequireAdmin } from './components/RouteGuards';
