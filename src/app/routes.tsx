import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import type { FormPermission } from '../domain/form-permissions';
import type { RouteLayout } from '../domain/route-guard';
import { AuthLayout } from './layouts/auth-layout';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { PageSpinner } from './layouts/page-spinner';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error';
import { SigningIn } from '../features/auth/login-redirect-page';
import { indexLoader, loginRedirectLoader, screenLoader } from './route-loaders';
import type { AppStore } from './store';

/** One screen of spec §2: where it lives, its layout, the per-form permission it needs and its lazily loaded page. */
export interface RouteDefinition {
  name: string;
  /** Pattern relative to '/', react-router syntax; '' for the index route. */
  path: string;
  layout: RouteLayout;
  permission?: FormPermission;
  page: () => Promise<ComponentType>;
}

const FORM = ':accountId/build/:formId';

export const ROUTE_DEFINITIONS: readonly RouteDefinition[] = [
  { name: 'index', path: '', layout: 'empty', page: () => import('../features/auth/index-page').then((m) => m.IndexPage) },
  { name: 'login', path: 'login', layout: 'auth', page: () => import('../features/auth/login-page').then((m) => m.LoginPage) },
  { name: 'logout', path: 'logout', layout: 'auth', page: () => import('../features/auth/logout-page').then((m) => m.LogoutPage) },
  {
    name: 'login-redirect',
    path: 'login-redirect',
    layout: 'auth',
    page: () => import('../features/auth/login-redirect-page').then((m) => m.LoginRedirectPage),
  },
  {
    name: 'account-admin',
    path: 'account-admin',
    layout: 'default',
    page: () => import('../features/accounts/account-admin-page').then((m) => m.AccountAdminPage),
  },
  {
    name: 'account-home',
    path: ':accountId',
    layout: 'default',
    page: () => import('../features/forms/account-home-page').then((m) => m.AccountHomePage),
  },
  {
    name: 'account-settings',
    path: ':accountId/settings',
    layout: 'default',
    page: () => import('../features/accounts/account-settings-page').then((m) => m.AccountSettingsPage),
  },
  {
    name: 'responses',
    path: ':accountId/responses',
    layout: 'default',
    page: () => import('../features/responses/responses-page').then((m) => m.ResponsesPage),
  },
  {
    name: 'response-detail',
    path: ':accountId/responses/:responseId',
    layout: 'default',
    page: () => import('../features/responses/response-detail-page').then((m) => m.ResponseDetailPage),
  },
  {
    name: 'build',
    path: FORM,
    layout: 'default',
    permission: 'create',
    page: () => import('../features/builder/build-page').then((m) => m.BuildPage),
  },
  {
    name: 'preview',
    path: `${FORM}/preview`,
    layout: 'default',
    permission: 'create',
    page: () => import('../features/builder/preview-page').then((m) => m.PreviewPage),
  },
  {
    name: 'json-view',
    path: `${FORM}/json-view`,
    layout: 'default',
    permission: 'create',
    page: () => import('../features/builder/json-view-page').then((m) => m.JsonViewPage),
  },
  {
    name: 'share',
    path: `${FORM}/share`,
    layout: 'default',
    permission: 'share',
    page: () => import('../features/share/share-page').then((m) => m.SharePage),
  },
  {
    name: 'embed',
    path: `${FORM}/share/embed`,
    layout: 'default',
    permission: 'share',
    page: () => import('../features/share/embed-page').then((m) => m.EmbedPage),
  },
  {
    name: 'embed-docs',
    path: `${FORM}/share/embed/docs`,
    layout: 'default',
    permission: 'share',
    page: () => import('../features/share/embed-docs-page').then((m) => m.EmbedDocsPage),
  },
  {
    name: 'prefills',
    path: `${FORM}/share/prefills`,
    layout: 'default',
    permission: 'share',
    page: () => import('../features/share/prefills-page').then((m) => m.PrefillsPage),
  },
  {
    name: 'prefill-detail',
    path: `${FORM}/share/prefills/:prefillId`,
    layout: 'default',
    permission: 'share',
    page: () => import('../features/share/prefill-detail-page').then((m) => m.PrefillDetailPage),
  },
  {
    name: 'integrations',
    path: `${FORM}/integrations`,
    layout: 'default',
    permission: 'integrate',
    page: () => import('../features/integrations/integrations-page').then((m) => m.IntegrationsPage),
  },
  {
    name: 'integrations-zapier',
    path: `${FORM}/integrations/zapier`,
    layout: 'default',
    permission: 'integrate',
    page: () => import('../features/integrations/zapier-page').then((m) => m.ZapierPage),
  },
  {
    name: 'integrations-clio',
    path: `${FORM}/integrations/clio`,
    layout: 'default',
    permission: 'integrate',
    page: () => import('../features/integrations/clio-page').then((m) => m.ClioPage),
  },
  {
    name: 'integrations-centerbase',
    path: `${FORM}/integrations/centerbase`,
    layout: 'default',
    permission: 'integrate',
    page: () => import('../features/integrations/centerbase-page').then((m) => m.CenterbasePage),
  },
];

/** The handle of an unmatched path: no name, so the guard answers 'Page not found: {fullPath}' (non-fatal). */
const NOT_FOUND_HANDLE: RouteHandle = { name: null, layout: 'default' };

function toRouteObject(definition: RouteDefinition, store: AppStore): RouteObject {
  const handle: RouteHandle = { name: definition.name, layout: definition.layout, permission: definition.permission };
  const lazy = async () => ({ Component: await definition.page() });
  const loader = definition.layout === 'default' ? screenLoader(store, handle) : LOADERS[definition.name]?.(store);
  const route = { handle, lazy, loader, HydrateFallback: FALLBACKS[definition.name] };
  return definition.path === '' ? { index: true, ...route } : { path: definition.path, ...route };
}

/** The loaders of the screens outside the signed-in layout. */
const LOADERS: Readonly<Record<string, (store: AppStore) => RouteObject['loader']>> = {
  index: indexLoader,
  'login-redirect': loginRedirectLoader,
};

/** What a screen shows while its loader runs on the first page load. */
const FALLBACKS: Readonly<Record<string, ComponentType>> = {
  'login-redirect': SigningIn,
};

function routesOf(layout: RouteLayout, store: AppStore): RouteObject[] {
  return ROUTE_DEFINITIONS.filter((definition) => definition.layout === layout).map((definition) => toRouteObject(definition, store));
}

// The default layout renders the error page for it; the route itself has nothing to show.
function Unmatched() {
  return null;
}

function AppLoading() {
  return <PageSpinner label="Loading…" fullPage />;
}

/**
 * The route tree: one pathless route per layout, each holding its screens; '*' falls to the default layout. The
 * loaders dispatch to `store` (route-loaders.ts).
 */
export function createRoutes(store: AppStore): RouteObject[] {
  return [
  {
    id: 'root',
    path: '/',
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: AppLoading,
    children: [
      { id: 'layout-empty', element: <EmptyLayout />, children: routesOf('empty', store) },
      { id: 'layout-auth', element: <AuthLayout />, children: routesOf('auth', store) },
      {
        id: 'layout-default',
        element: <DefaultLayout />,
        children: [...routesOf('default', store), { path: '*', handle: NOT_FOUND_HANDLE, Component: Unmatched }],
      },
    ],
  },
  ];
}
