import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { userLoggedOut } from './root-actions';

type ToastVariant = 'success' | 'danger';

export interface ToastState {
  show: boolean;
  title: string;
  message: string;
  variant: ToastVariant | '';
}

interface AppError {
  statusCode: number;
  message: string;
  fatal: boolean;
}

/**
 * App state of spec §3, plus the error shown by the error page and the newer-build flag (spec §4). Spec §3 also
 * lists renderKey, insertZoneType, selectedElementId and currentFormPageId: nothing here needs a re-render key or an
 * insert-zone type, and the builder's selected element and current page are the 'form' slice's (docs/decisions.md).
 */
export interface AppState {
  loaded: boolean;
  sidebarOpen: boolean;
  toast: ToastState;
  currentFormId: string | null;
  error: AppError | null;
  updateAvailable: boolean;
}

const DEFAULT_SUCCESS_MESSAGE = 'Action completed successfully';
export const DEFAULT_ERROR_MESSAGE = 'Contact support for help.';

const TOAST_TITLES: Readonly<Record<ToastVariant, string>> = { success: 'Success', danger: 'Error' };

const hiddenToast: ToastState = { show: false, title: '', message: '', variant: '' };

export const initialAppState: AppState = {
  loaded: false,
  sidebarOpen: true,
  toast: hiddenToast,
  currentFormId: null,
  error: null,
  updateAvailable: false,
};

const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    appLoaded(state) {
      state.loaded = true;
    },
    toastShown(state, action: PayloadAction<{ variant: ToastVariant; message: string }>) {
      const { variant, message } = action.payload;
      state.toast = { show: true, title: TOAST_TITLES[variant], message, variant };
    },
    toastCleared(state) {
      state.toast = hiddenToast;
    },
    errorRaised(state, action: PayloadAction<AppError>) {
      state.error = action.payload;
    },
    errorCleared(state) {
      state.error = null;
    },
    currentFormIdSet(state, action: PayloadAction<string | null>) {
      state.currentFormId = action.payload;
    },
    updateFound(state) {
      state.updateAvailable = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userLoggedOut, () => initialAppState);
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
    selectToast: (state) => state.toast,
    selectAppError: (state) => state.error,
    selectAppLoaded: (state) => state.loaded,
    selectUpdateAvailable: (state) => state.updateAvailable,
    selectCurrentFormId: (state) => state.currentFormId,
  },
});

export const {
  sidebarToggled,
  appLoaded,
  toastShown,
  toastCleared,
  errorRaised,
  errorCleared,
  currentFormIdSet,
  updateFound,
} = appSlice.actions;

export const { selectSidebarOpen, selectToast, selectAppError, selectAppLoaded, selectCurrentFormId } =
  appSlice.selectors;

export const appReducer = appSlice.reducer;

export function showSuccessToast(message: string = DEFAULT_SUCCESS_MESSAGE) {
  return toastShown({ variant: 'success', message });
}

export function showErrorToast(message: string = DEFAULT_ERROR_MESSAGE) {
  return toastShown({ variant: 'danger', message });
}
