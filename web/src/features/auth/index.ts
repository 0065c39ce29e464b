export { UserMenu } from './components/UserMenu';
export { RequireAuth, RequirePermission, RequireStaff } from './components/RouteGuards';
