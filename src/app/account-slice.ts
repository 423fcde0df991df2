import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { fetchAccount, listAccounts } from '../api/accounts';
import { ApiError } from '../api/errors';
import type { Account, Paginated, User } from '../api/schemas';
import { isAdminUser } from '../domain/route-guard';
import { errorRaised, showErrorToast } from './app-slice';
import { userLoggedOut } from './root-actions';

export const LOAD_ACCOUNT_LIST_ERROR = 'Unable to load account list';
/** Server page size of GET /api/accounts/. */
export const ACCOUNT_PAGE_SIZE = 20;

export type ListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface AccountState {
  currentAccount: Account | null;
  /** Set as soon as an account is chosen; every account call uses it (spec §4). */
  accountId: number | null;
  loaded: boolean;
  list: Account[];
  listCount: number;
  listStatus: ListStatus;
}

export const initialAccountState: AccountState = {
  currentAccount: null,
  accountId: null,
  loaded: false,
  list: [],
  listCount: 0,
  listStatus: 'idle',
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

function failureOf(error: unknown, route?: string): AccountFailure {
  return {
    status: error instanceof ApiError ? error.status : null,
    message: error instanceof Error ? error.message : String(error),
    route,
  };
}

/** Spec §7 store action `account/setCurrentAccount`. */
export const setCurrentAccount = createAsyncThunk<Account, SetCurrentAccountArgs, { rejectValue: AccountFailure }>(
  'account/setCurrentAccount',
  async ({ accountId, noRedirect, route }, { dispatch, rejectWithValue }) => {
    try {
      return await fetchAccount(accountId);
    } catch (error) {
      const failure = failureOf(error, route);
      // The HTTP client already sends 401 to /login and turns 403/404 into the error page.
      const handledByClient = failure.status === 401 || failure.status === 403 || failure.status === 404;
      if (!noRedirect && !handledByClient) {
        dispatch(errorRaised({ statusCode: failure.status ?? 500, message: failure.message, fatal: true }));
      }
      return rejectWithValue(failure);
    }
  },
);

export const loadAccountList = createAsyncThunk<
  Paginated<Account>,
  { search: string; page: number },
  { rejectValue: AccountFailure }
>('account/loadAccountList', async ({ search, page }, { dispatch, rejectWithValue, signal }) => {
  try {
    return await listAccounts({ search: search || undefined, page });
  } catch (error) {
    const failure = failureOf(error);
    // A superseded search is not worth a toast, and a 401 is already on its way to /login.
    if (!signal.aborted && failure.status !== 401) dispatch(showErrorToast(LOAD_ACCOUNT_LIST_ERROR));
    return rejectWithValue(failure);
  }
});

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
      .addCase(userLoggedOut, () => initialAccountState)
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
      .addCase(loadAccountList.pending, (state) => {
        state.listStatus = 'loading';
      })
      .addCase(loadAccountList.fulfilled, (state, action) => {
        state.list = action.payload.results;
        state.listCount = action.payload.count;
        state.listStatus = 'loaded';
      })
      .addCase(loadAccountList.rejected, (state, action) => {
        if (action.meta.aborted) return;
        state.list = [];
        state.listCount = 0;
        state.listStatus = 'failed';
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
    selectAccountList: (state) => state.list,
    selectAccountListCount: (state) => state.listCount,
    selectAccountListStatus: (state) => state.listStatus,
  },
});

export const {
  selectCurrentAccount,
  selectAccountId,
  selectAccountLoaded,
  selectAccountList,
  selectAccountListCount,
  selectAccountListStatus,
} = accountSlice.selectors;
export const { currentAccountSet } = accountSlice.actions;
export const accountReducer = accountSlice.reducer;
