import type { FormPermission } from './form-permissions';
import { hasFormPermission } from './form-permissions';
import { isAccountId, isFormId, parseAccountId } from './ids';

export type RouteLayout = 'auth' | 'empty' | 'default';

export interface GuardRoute {
  name: string | null;
  layout: RouteLayout;
  /** pathname only */
  path: string;
  /** pathname + search + hash */
  fullPath: string;
  params: Record<string, string | undefined>;
  permission?: FormPermission;
}

export interface GuardUser {
  loggedIn: boolean;
  isAdmin: boolean;
  accountId: number | null;
}

export type GuardResult =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; statusCode: 403 | 404; message: string; fatal: boolean };

const ALLOW: GuardResult = { kind: 'allow' };

export function isAdminUser(user: { isStaff: boolean; isSuperuser: boolean } | null | undefined): boolean {
  return Boolean(user && (user.isStaff || user.isSuperuser));
}

function notFound(message: string, fatal = true): GuardResult {
  return { kind: 'error', statusCode: 404, message, fatal };
}

/** Spec §2, §5 and §6 route checks; the order matters, as the first failing rule decides. */
export function checkRoute(route: GuardRoute, user: GuardUser): GuardResult {
  if (route.name === null) return notFound(`Page not found: ${route.fullPath}`, false);
  if (route.layout === 'auth' || route.layout === 'empty') return ALLOW;

  if (!user.isAdmin && user.accountId === null) return notFound('Account Not Found');
  if (!user.isAdmin && route.path.includes('admin')) return { kind: 'redirect', to: `/${user.accountId}` };

  const { accountId, formId } = route.params;
  const pageNotFound = `Page Not Found: ${route.path}`;
  if (accountId !== undefined && !isAccountId(accountId)) return notFound(pageNotFound);
  if (formId !== undefined && !isFormId(formId)) return notFound(pageNotFound);

  if (!user.isAdmin && accountId !== undefined && parseAccountId(accountId) !== user.accountId) {
    return { kind: 'redirect', to: `/${user.accountId}` };
  }

  if (route.permission && formId !== undefined && !hasFormPermission(formId, route.permission)) {
    return notFound(pageNotFound);
  }
  return ALLOW;
}
