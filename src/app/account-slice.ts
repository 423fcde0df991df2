import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { accountsApi } from '../api/accounts';
import { isHandledByClient, messageOf, statusOf } from '../api/errors';
import type { Account } from '../api/accounts';
import type { User } from '../api/users';
import { isAdminUser } from '../domain/route-guard';
import { errorRaised } from './app-slice';

export const LOAD_ACCOUNT_LIST_ERROR = 'Unable to load account list';
/** Server page size of GET /api/accounts/. */
export const ACCOUNT_PAGE_SIZE = 20;

/** Spec §3 account state: the current account; the account list is server data and lives in the api cache. */
export interface AccountState {
  currentAccount: Account | null;
  /** Set as soon as an account is chosen; every account call uses it (spec §4). */
  accountId: number | null;
  loaded: boolean;
}

export const initialAccountState: AccountState = {
  currentAccount: null,
  accountId: null,
  loaded: false,
};

export interface SetCurrentAccountArgs {
  accountId: number;
  /** Leave a failure to the caller instead of showing the error page (the HTTP client still handles 401/403/404). */
  noRedirect?: boolean;
  /** The full path that asked for the switch; kept with a failure for the caller. */
  route?: string;
}

export interface AccountFailure {
  status: number | null;
  message: string;
  route?: string;
}

/** Spec §7 store action `account/setCurrentAccount`: the `getAccount` endpoint, then the account becomes current. */
export const setCurrentAccount = createAsyncThunk<Account, SetCurrentAccountArgs, { rejectValue: AccountFailure }>(
  'account/setCurrentAccount',
  async ({ accountId, noRedirect, route }, { dispatch, rejectWithValue }) => {
    const request = dispatch(accountsApi.endpoints.getAccount.initiate(accountId));
    try {
      return await request.unwrap();
    } catch (error) {
      const failure: AccountFailure = { status: statusOf(error), message: messageOf(error), route };
      if (!noRedirect && !isHandledByClient(error)) {
        dispatch(errorRaised({ statusCode: failure.status ?? 500, message: failure.message, fatal: true }));
      }
      return rejectWithValue(failure);
    } finally {
      request.unsubscribe();
    }
  },
);

// Matched by type so this slice need not import the user slice (which imports setCurrentAccount).
function isUserDetailsFulfilled(action: UnknownAction): action is PayloadAction<User> {
  return action.type === 'user/getAuthRedirectUserDetails/fulfilled';
}

const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    /** An account already known in full (the user's own, from the profile) becomes current without a call. */
    currentAccountSet(state, action: PayloadAction<Account>) {
      state.currentAccount = action.payload;
      state.accountId = action.payload.id;
      state.loaded = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(setCurrentAccount.pending, (state, action) => {
        if (state.accountId !== action.meta.arg.accountId) {
          state.currentAccount = null;
          state.loaded = false;
        }
        state.accountId = action.meta.arg.accountId;
      })
      .addCase(setCurrentAccount.fulfilled, (state, action) => {
        // A later switch wins over an earlier one that answered late.
        if (state.accountId !== action.meta.arg.accountId) return;
        state.currentAccount = action.payload;
        state.loaded = true;
      })
      .addMatcher(isUserDetailsFulfilled, (state, action) => {
        // Spec §6: a user works in the account on their profile. An admin's current account is whichever one the
        // URL or the account list chose, never implicitly their own.
        const own = action.payload.account;
        if (state.accountId === null && own && !isAdminUser(action.payload)) {
          state.currentAccount = own;
          state.accountId = own.id;
          state.loaded = true;
        }
      });
  },
  selectors: {
    selectCurrentAccount: (state) => state.currentAccount,
    selectAccountId: (state) => state.accountId,
    selectAccountLoaded: (state) => state.loaded,
  },
});

export const {
  selectCurrentAccount,
  selectAccountId,
  selectAccountLoaded,
} = accountSlice.selectors;
export const { currentAccountSet } = accountSlice.actions;
export const accountReducer = accountSlice.reducer;
