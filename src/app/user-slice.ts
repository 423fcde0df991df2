import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { messageOf, statusOf } from '../api/errors';
import type { User } from '../api/users';
import { usersApi } from '../api/users';
import { isAdminUser } from '../domain/route-guard';
import type { GuardUser } from '../domain/route-guard';
import { setCurrentAccount } from './account-slice';
import { showErrorToast } from './app-slice';
import { browserLocation, loginPath } from './browser-location';
import type { LoadStatus } from '../domain/load-status';

export const FETCH_USER_ERROR = 'Unable to fetch user details';

export interface UserState {
  user: User | null;
  status: LoadStatus;
  /** HTTP status of the last failed fetch (401: signed out), null when it did not fail or never answered. */
  errorStatus: number | null;
}

export const initialUserState: UserState = { user: null, status: 'idle', errorStatus: null };

export interface UserDetailsArgs {
  /** The URL's account: an admin's current account switches to it once the user is known (spec §4). */
  accountId?: number | null;
  /** No 'Unable to fetch user details' toast on failure (the error page and sign-in pages ask quietly). */
  hideErrorMsg?: boolean;
  /** A missing session is reported to the caller instead of sending the browser to /login. */
  noRedirect?: boolean;
  /** The full path that asked; it becomes the `next` of the login redirect. Defaults to the browser's path. */
  route?: string;
}

export interface UserDetailsFailure {
  status: number | null;
  message: string;
}

/**
 * Spec §7 store action `user/getAuthRedirectUserDetails`: who is signed in (the `getMe` endpoint, fetched afresh),
 * with the spec's redirect rules. The user is kept in this slice too: spec §3 names it as app state, and every
 * guard and the sidebar read it synchronously.
 */
export const getAuthRedirectUserDetails = createAsyncThunk<
  User,
  UserDetailsArgs | undefined,
  { rejectValue: UserDetailsFailure }
>('user/getAuthRedirectUserDetails', async (args = {}, { dispatch, rejectWithValue }) => {
  try {
    // The endpoint is silent: this thunk applies the 401 rule itself, with the caller's route as `next`.
    const request = dispatch(usersApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    let user: User;
    try {
      user = await request.unwrap();
    } finally {
      request.unsubscribe();
    }
    if (args.accountId != null && isAdminUser(user)) {
      void dispatch(setCurrentAccount({ accountId: args.accountId, noRedirect: args.noRedirect, route: args.route }));
    }
    return user;
  } catch (error) {
    const status = statusOf(error);
    const message = messageOf(error);
    if (status === 401) {
      if (!args.noRedirect) browserLocation.assign(loginPath(args.route ?? browserLocation.currentPath()));
    } else if (!args.hideErrorMsg) {
      dispatch(showErrorToast(FETCH_USER_ERROR));
    }
    return rejectWithValue({ status, message });
  }
});

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(getAuthRedirectUserDetails.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(getAuthRedirectUserDetails.fulfilled, (state, action) => {
        state.user = action.payload;
        state.status = 'loaded';
        state.errorStatus = null;
      })
      .addCase(getAuthRedirectUserDetails.rejected, (state, action) => {
        state.status = 'failed';
        state.errorStatus = action.payload?.status ?? null;
        // A 401 means the session is gone, whoever was signed in before.
        if (state.errorStatus === 401) state.user = null;
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectUserStatus: (state) => state.status,
    selectUserErrorStatus: (state) => state.errorStatus,
    selectIsAdmin: (state) => isAdminUser(state.user),
    /** Spec §3: logged in means a user id is present. */
    selectIsLoggedIn: (state) => state.user?.id != null,
  },
});

export const { selectUser, selectUserStatus, selectUserErrorStatus, selectIsAdmin, selectIsLoggedIn } =
  userSlice.selectors;

/** Spec §6 role facts the route guard needs. */
export function guardUserOf(user: User | null): GuardUser {
  return { loggedIn: user?.id != null, isAdmin: isAdminUser(user), accountId: user?.account?.id ?? null };
}

/** Where a signed-in user starts: admins at the account list, users at their account; null without an account. */
export function homePathOf(user: User): string | null {
  if (isAdminUser(user)) return '/account-admin';
  return user.account ? `/${user.account.id}` : null;
}
export const userReducer = userSlice.reducer;
