import { describe, expect, it } from 'vitest';
import { formPermissions, hasFormPermission } from '../../../src/domain/form-permissions';
import type { FormPermission } from '../../../src/domain/form-permissions';
import { BUILT_IN_FORM_ID, MAX_UUID, NIL_UUID } from '../../../src/domain/ids';
import { checkRoute, isAdminUser } from '../../../src/domain/route-guard';
import type { GuardRoute, GuardUser, RouteLayout } from '../../../src/domain/route-guard';

const FORM_ID = '3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b';
const member: GuardUser = { loggedIn: true, isAdmin: false, accountId: 7 };
const admin: GuardUser = { loggedIn: true, isAdmin: true, accountId: null };
const accountless: GuardUser = { loggedIn: true, isAdmin: false, accountId: null };

function route(path: string, overrides: Partial<GuardRoute> = {}): GuardRoute {
  const segments = path.split('/').filter(Boolean);
  const params: Record<string, string | undefined> = {};
  if (segments[0] !== undefined && segments[0] !== 'account-admin') params.accountId = segments[0];
  if (segments[1] === 'build') params.formId = segments[2];
  return { name: 'page', layout: 'default', path, fullPath: path, params, ...overrides };
}

function buildRoute(formId: string, suffix = '', permission?: FormPermission): GuardRoute {
  return route(`/7/build/${formId}${suffix}`, { permission });
}

const allow = { kind: 'allow' };
const pageNotFound = (path: string) => ({ kind: 'error', statusCode: 404, message: `Page Not Found: ${path}`, fatal: true });

describe('isAdminUser', () => {
  it.each([
    [{ isStaff: true, isSuperuser: false }, true],
    [{ isStaff: false, isSuperuser: true }, true],
    [{ isStaff: true, isSuperuser: true }, true],
    [{ isStaff: false, isSuperuser: false }, false],
    [null, false],
    [undefined, false],
  ])('%j is admin: %s', (user, expected) => {
    expect(isAdminUser(user)).toBe(expected);
  });
});

describe('checkRoute: unmatched routes', () => {
  it('gives a non-fatal 404 naming the full path', () => {
    const unmatched = route('/7/nowhere', { name: null, fullPath: '/7/nowhere?tab=2#top' });
    expect(checkRoute(unmatched, member)).toEqual({
      kind: 'error',
      statusCode: 404,
      message: 'Page not found: /7/nowhere?tab=2#top',
      fatal: false,
    });
  });

  it('applies before layouts are considered', () => {
    expect(checkRoute(route('/x', { name: null, layout: 'auth' }), member)).toMatchObject({ fatal: false });
  });
});

describe('checkRoute: auth and empty layouts skip the checks', () => {
  it.each<[RouteLayout, string]>([
    ['auth', '/login'],
    ['auth', '/logout'],
    ['auth', '/login-redirect'],
    ['empty', '/'],
  ])('%s layout at %s allows even a user without an account', (layout, path) => {
    expect(checkRoute(route(path, { layout, params: {} }), accountless)).toEqual(allow);
  });

  it('skips the parameter checks too', () => {
    const odd = route('/abc/build/not-a-uuid', { layout: 'empty' });
    expect(checkRoute(odd, member)).toEqual(allow);
  });
});

describe('checkRoute: users without an account', () => {
  it('gives a non-admin without an account the fatal Account Not Found error', () => {
    expect(checkRoute(route('/7'), accountless)).toEqual({
      kind: 'error',
      statusCode: 404,
      message: 'Account Not Found',
      fatal: true,
    });
  });

  it('takes precedence over the admin-path redirect', () => {
    expect(checkRoute(route('/account-admin'), accountless)).toMatchObject({ message: 'Account Not Found' });
  });

  it('lets an admin without an account through', () => {
    expect(checkRoute(route('/7'), admin)).toEqual(allow);
  });
});

describe('checkRoute: admin paths', () => {
  it('redirects a non-admin to their account', () => {
    expect(checkRoute(route('/account-admin'), member)).toEqual({ kind: 'redirect', to: '/7' });
  });

  it('redirects a non-admin on any path containing admin, even with params', () => {
    const withParam = route('/account-admin', { params: { accountId: '12' } });
    expect(checkRoute(withParam, member)).toEqual({ kind: 'redirect', to: '/7' });
  });

  it('lets an admin open them', () => {
    expect(checkRoute(route('/account-admin'), admin)).toEqual(allow);
    expect(checkRoute(route('/account-admin', { params: { accountId: '12' } }), admin)).toEqual(allow);
  });
});

describe('checkRoute: account id parameter', () => {
  it.each(['abc', '12a', '-1', '1.5', '0'])('rejects %s with a fatal 404 for non-admins and admins', (accountId) => {
    const path = `/${accountId}/responses`;
    expect(checkRoute(route(path), member)).toEqual(pageNotFound(path));
    expect(checkRoute(route(path), admin)).toEqual(pageNotFound(path));
  });

  it('reports the pathname, not the full path', () => {
    const bad = route('/abc', { fullPath: '/abc?x=1' });
    expect(checkRoute(bad, admin)).toEqual(pageNotFound('/abc'));
  });

  it('allows a non-admin on their own account', () => {
    expect(checkRoute(route('/7'), member)).toEqual(allow);
    expect(checkRoute(route('/7/responses'), member)).toEqual(allow);
    expect(checkRoute(route('/007/responses'), member)).toEqual(allow);
  });

  it('redirects a non-admin from another account to their own', () => {
    expect(checkRoute(route('/12/responses'), member)).toEqual({ kind: 'redirect', to: '/7' });
    expect(checkRoute(route(`/12/build/${FORM_ID}`), member)).toEqual({ kind: 'redirect', to: '/7' });
  });

  it('lets an admin use any account', () => {
    expect(checkRoute(route('/12/responses'), { ...admin, accountId: 7 })).toEqual(allow);
    expect(checkRoute(route('/99999'), admin)).toEqual(allow);
  });

  it('allows routes without an account parameter', () => {
    expect(checkRoute(route('/some-page', { params: {} }), member)).toEqual(allow);
  });
});

describe('checkRoute: form id parameter', () => {
  it.each([
    ['a v4 UUID', FORM_ID],
    ['an uppercase UUID', FORM_ID.toUpperCase()],
    ['the nil UUID', NIL_UUID],
    ['the all-f UUID', MAX_UUID],
    ['the built-in alias', 'contact-export-form'],
  ])('accepts %s', (_label, formId) => {
    expect(checkRoute(route(`/7/build/${formId}/integrations`), member)).toEqual(allow);
  });

  it.each(['not-a-uuid', '123', 'contact_export_form', `${FORM_ID}0`])('rejects %s with a fatal 404', (formId) => {
    const path = `/7/build/${formId}`;
    expect(checkRoute(route(path), member)).toEqual(pageNotFound(path));
    expect(checkRoute(route(path), admin)).toEqual(pageNotFound(path));
  });

  it('validates the form id before redirecting a non-admin to their own account', () => {
    const path = '/12/build/nope';
    expect(checkRoute(route(path), member)).toEqual(pageNotFound(path));
  });
});

describe('checkRoute: form permissions', () => {
  it.each([
    ['build', '', 'create'],
    ['share', '/share', 'share'],
    ['embed', '/share/embed', 'share'],
    ['embed docs', '/share/embed/docs', 'share'],
    ['prefills', '/share/prefills', 'share'],
    ['prefill detail', '/share/prefills/5', 'share'],
  ] as const)('refuses the built-in form on the %s route', (_label, suffix, permission) => {
    const guarded = buildRoute('contact-export-form', suffix, permission);
    expect(checkRoute(guarded, member)).toEqual(pageNotFound(guarded.path));
    expect(checkRoute(guarded, admin)).toEqual(pageNotFound(guarded.path));
  });

  it.each(['/integrations', '/integrations/zapier', '/integrations/centerbase', '/integrations/clio'])(
    'allows the built-in form on %s (integrate permission)',
    (suffix) => {
      expect(checkRoute(buildRoute('contact-export-form', suffix, 'integrate'), member)).toEqual(allow);
    },
  );

  it.each<FormPermission>(['create', 'share', 'integrate'])('allows an ordinary form with the %s permission', (permission) => {
    expect(checkRoute(buildRoute(FORM_ID, '', permission), member)).toEqual(allow);
    expect(checkRoute(buildRoute(NIL_UUID, '', permission), member)).toEqual(allow);
  });

  it('does not check permissions on routes that declare none', () => {
    expect(checkRoute(buildRoute('contact-export-form', '/json-view'), member)).toEqual(allow);
  });
});

describe('form permissions', () => {
  it('allows everything on an ordinary form', () => {
    expect(formPermissions(NIL_UUID)).toEqual({ create: true, share: true, integrate: true });
    expect(hasFormPermission('3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b', 'share')).toBe(true);
  });

  it('allows only integrations on the built-in form', () => {
    expect(formPermissions(BUILT_IN_FORM_ID)).toEqual({ create: false, share: false, integrate: true });
    expect(hasFormPermission(BUILT_IN_FORM_ID, 'create')).toBe(false);
    expect(hasFormPermission(BUILT_IN_FORM_ID, 'share')).toBe(false);
    expect(hasFormPermission(BUILT_IN_FORM_ID, 'integrate')).toBe(true);
  });

  it('returns a fresh object each time', () => {
    const permissions = formPermissions(BUILT_IN_FORM_ID);
    permissions.create = true;
    expect(formPermissions(BUILT_IN_FORM_ID).create).toBe(false);
  });
});
