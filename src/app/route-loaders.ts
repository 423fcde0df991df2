/**
 * Data starts with the route (issue 9): before a screen renders, its route's loader makes sure the signed-in user is
 * known, applies the spec §6 redirects by throwing `redirect()`, makes the URL's account current, and starts the
 * screen's queries so their answers are on the way while the page's code loads. The rules themselves stay in
 * src/domain/route-guard.ts; the layout renders the guard's error pages.
 */
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { accountsApi } from '../api/accounts';
import { formPrefillsApi } from '../api/form-prefills';
import { formTemplatesApi } from '../api/form-templates';
import type { IntegrationKind } from '../api/integrations';
import type { User } from '../api/users';
import { readFormListQuery } from '../features/forms/form-list-query';
import { responseSelected } from '../features/responses/response-slice';
import { prefillSelected } from '../features/share/prefill-slice';
import { accountIdFromPath, NIL_UUID } from '../domain/ids';
import { checkRoute, isAdminUser } from '../domain/route-guard';
import type { IndexLoaderData } from '../features/auth/index-page';
import { USER_MESSAGES } from '../domain/messages';
import type { LoginRedirectOutcome } from '../features/auth/login-redirect-page';
import { currentAccountSet, setCurrentAccount } from './account-slice';
import { showErrorToast } from './app-slice';
import { offerBrowserTimeZone } from './browser-time-zone';
import { loginPath, safeNextPath } from './browser-location';
import type { RouteHandle } from './route-handle';
import type { AppStore } from './store';
import { getAuthRedirectUserDetails, guardUserOf, homePathOf } from './user-slice';

type Params = LoaderFunctionArgs['params'];

/** What a screen's prefetch knows about the location it is about to show. */
export interface PrefetchContext {
  store: AppStore;
  accountId: number;
  params: Params;
  search: URLSearchParams;
}

/**
 * Starts a query and lets go of it once answered: the screen subscribes itself when it mounts, and the answer stays
 * cached meanwhile (keepUnusedDataFor). A query already cached and fresh is not asked again.
 */
function prefetch(store: AppStore, start: (dispatch: AppStore['dispatch']) => { unsubscribe: () => void } & PromiseLike<unknown>): void {
  const request = start(store.dispatch);
  void Promise.resolve(request).finally(() => request.unsubscribe());
}

const formOf = ({ accountId, params }: PrefetchContext) =>
  params.formId && params.formId !== NIL_UUID ? { accountId, id: params.formId } : null;

/**
 * Spec §4: the builder loads the form when the URL's form is not the one it holds (or its load failed). The builder's
 * draft is client state in the 'form' slice; `form/loadForm` fills it from the api.
 */
export async function startBuilderLoad({ store, accountId, params }: Pick<PrefetchContext, 'store' | 'accountId' | 'params'>): Promise<void> {
  await loadBuilderState();
  const { loadForm } = await import('../features/builder/form-thunks');
  const formId = params.formId;
  if (!formId) return;
  const { form } = store.getState();
  if (form.formId === formId && (form.loadStatus === 'loading' || form.loadStatus === 'loaded')) return;
  void store.dispatch(loadForm({ accountId, formId }));
}

/** Screens whose code reads the builder's draft: its slice (and its domain code) loads with them, not with the first page. */
const BUILDER_SCREENS: ReadonlySet<string> = new Set(['build', 'preview', 'json-view']);

async function loadBuilderState(): Promise<void> {
  const { registerFormSlice } = await import('../features/builder/form-slice-registration');
  registerFormSlice();
}

/** Each screen's data, by route name. */
const SCREEN_PREFETCH: Readonly<Record<string, (context: PrefetchContext) => void>> = {
  build: (context) => void startBuilderLoad(context),
  'account-admin': ({ store }) => prefetch(store, (dispatch) => dispatch(accountsApi.endpoints.listAccounts.initiate({ page: 1 }))),
  'account-home': ({ store, accountId, search }) => {
    const { archived } = readFormListQuery(search);
    prefetch(store, (dispatch) => dispatch(formTemplatesApi.endpoints.listForms.initiate({ accountId, archived })));
    void import('../api/form-responses').then(({ formResponsesApi }) => {
      prefetch(store, (dispatch) => dispatch(formResponsesApi.endpoints.getResponseCounts.initiate(accountId)));
    });
  },
  'account-settings': ({ store, accountId }) => prefetch(store, (dispatch) => dispatch(accountsApi.endpoints.getAccountSettings.initiate(accountId))),
  responses: ({ store, accountId, search }) => {
    // The responses' endpoints and contract load with their screens (in parallel with the page's own code), not in the
    // app's first load.
    void Promise.all([import('../api/form-responses'), import('../features/responses/use-response-list'), import('../features/responses/response-list-query')]).then(
      ([{ formResponsesApi }, { responseListArgs }, { readResponseListQuery }]) => {
        const args = responseListArgs(accountId, readResponseListQuery(search));
        prefetch(store, (dispatch) => dispatch(formResponsesApi.endpoints.listResponses.initiate(args)));
      },
    );
    prefetch(store, (dispatch) => dispatch(formTemplatesApi.endpoints.listForms.initiate({ accountId, archived: false })));
  },
  'response-detail': ({ store, accountId, params }) => {
    const id = params.responseId;
    if (!id) return;
    store.dispatch(responseSelected(id));
    void import('../api/form-responses').then(({ formResponsesApi }) => {
      prefetch(store, (dispatch) => dispatch(formResponsesApi.endpoints.getResponse.initiate({ accountId, id })));
    });
  },
  share: (context) => prefetchShareForm(context),
  embed: (context) => prefetchShareForm(context),
  'embed-docs': (context) => prefetchShareForm(context),
  prefills: (context) => {
    const form = prefetchShareForm(context);
    if (form) prefetch(context.store, (dispatch) => dispatch(formPrefillsApi.endpoints.listPrefills.initiate({ accountId: form.accountId, formId: form.id })));
  },
  'prefill-detail': (context) => {
    prefetchShareForm(context);
    const id = context.params.prefillId;
    if (id) context.store.dispatch(prefillSelected(id));
    if (id) prefetch(context.store, (dispatch) => dispatch(formPrefillsApi.endpoints.getPrefill.initiate({ accountId: context.accountId, id })));
  },
  integrations: (context) => prefetchIntegrations(context, ['centerbase', 'zapier', 'clio']),
  'integrations-zapier': (context) => prefetchIntegrations(context, ['zapier']),
};

function prefetchIntegrations(context: PrefetchContext, kinds: readonly IntegrationKind[]) {
  const { store, accountId } = context;
  // The integrations' endpoints (and their contract) load with their screens, not in the first load of the app.
  void import('../api/integrations').then(({ integrationsApi }) => {
    for (const kind of kinds) prefetch(store, (dispatch) => dispatch(integrationsApi.endpoints.getIntegration.initiate({ accountId, kind })));
  });
  prefetchShareForm(context);
}

function prefetchShareForm(context: PrefetchContext) {
  const form = formOf(context);
  if (form) prefetch(context.store, (dispatch) => dispatch(formTemplatesApi.endpoints.getForm.initiate(form)));
  return form;
}

/** The signed-in user: the one in the store, else asked for (spec §4 "The user is fetched when no user id is present"). */
async function ensureUser(store: AppStore, route: string): Promise<User | null> {
  const known = store.getState().user.user;
  if (known?.id != null) return known;
  // A 401 goes to /login?next={route} inside the thunk; another failure leaves the layout to show it.
  const result = await store.dispatch(getAuthRedirectUserDetails({ route }));
  return getAuthRedirectUserDetails.fulfilled.match(result) ? result.payload : null;
}

/** The loader of every screen of the signed-in (default) layout. */
export function screenLoader(store: AppStore, handle: RouteHandle) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    const url = new URL(request.url);
    const fullPath = `${url.pathname}${url.search}`;
    const user = await ensureUser(store, fullPath);
    if (!user || handle.name === null) return null;

    const guard = checkRoute(
      { name: handle.name, layout: handle.layout, path: url.pathname, fullPath, params, permission: handle.permission },
      guardUserOf(user),
    );
    if (guard.kind === 'redirect') throw redirect(guard.to);
    if (guard.kind === 'error') return null;

    const accountId = accountIdFromPath(url.pathname, params);
    const { account } = store.getState();
    if (isAdminUser(user)) {
      // Spec §4: an admin's current account follows the URL. A failure shows the error page (app.error).
      if (accountId !== null && (accountId !== account.accountId || !account.loaded)) {
        const switched = await store.dispatch(setCurrentAccount({ accountId, route: fullPath }));
        if (!setCurrentAccount.fulfilled.match(switched)) return null;
      }
    } else if (user.account && user.account.id !== account.accountId) {
      // A user's current account is always their own (the guard sent them there).
      store.dispatch(currentAccountSet(user.account));
    }

    offerBrowserTimeZone(store, user, accountId ?? store.getState().account.accountId);

    if (BUILDER_SCREENS.has(handle.name)) await loadBuilderState();
    const screen = SCREEN_PREFETCH[handle.name];
    const prefetchAccount = accountId ?? store.getState().account.accountId;
    if (screen && prefetchAccount !== null) screen({ store, accountId: prefetchAccount, params, search: url.searchParams });
    return null;
  };
}

/** /login-redirect (spec §6): after sign-in, to the safe `next` path or the user's start page; no session, to /login. */
export function loginRedirectLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<LoginRedirectOutcome> => {
    const next = safeNextPath(new URL(request.url).searchParams.get('next'));
    const result = await store.dispatch(getAuthRedirectUserDetails({ hideErrorMsg: true, noRedirect: true }));
    if (getAuthRedirectUserDetails.fulfilled.match(result)) {
      const target = next ?? homePathOf(result.payload);
      if (target) throw redirect(target);
      return { outcome: 'no-account' };
    }
    if (result.payload?.status === 401) throw redirect(loginPath(next));
    store.dispatch(showErrorToast(USER_MESSAGES.loginFailed));
    return { outcome: 'failed' };
  };
}

/** '/' (spec §6): admins go to the account list, users to their account, everyone else to /login. */
export function indexLoader(store: AppStore) {
  return async (): Promise<IndexLoaderData> => {
    let user = store.getState().user.user;
    if (user?.id == null) {
      const result = await store.dispatch(getAuthRedirectUserDetails({ hideErrorMsg: true, noRedirect: true }));
      user = getAuthRedirectUserDetails.fulfilled.match(result) ? result.payload : null;
    }
    const home = user ? homePathOf(user) : '/login';
    if (home) throw redirect(home);
    return { noAccount: true };
  };
}
