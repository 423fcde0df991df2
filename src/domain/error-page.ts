export const SUPPORT_TEXT = 'Please contact Support for assistance.';

export interface ErrorPageContent {
  title: string;
  text: string;
  backLink: { label: 'Back to All Forms'; target: 'forms' } | { label: 'Back to Previous Page'; target: 'history' };
  showSupport: boolean;
}

type Variant = Pick<ErrorPageContent, 'title' | 'text'>;

const ACCOUNT_NOT_FOUND: Variant = { title: 'Account Not Found', text: SUPPORT_TEXT };
const PAGE_NOT_FOUND: Variant = {
  title: 'Page Not Found',
  text: 'The page you were looking for has been moved or does not exist',
};
const ACCESS_DENIED: Variant = { title: 'Access Denied', text: SUPPORT_TEXT };
const UNKNOWN_ERROR: Variant = { title: 'Unknown Error', text: SUPPORT_TEXT };

function variantFor(statusCode: number, message: string | null | undefined): Variant {
  if (statusCode === 404) return message === 'Account Not Found' ? ACCOUNT_NOT_FOUND : PAGE_NOT_FOUND;
  if (statusCode === 403) return ACCESS_DENIED;
  return UNKNOWN_ERROR;
}

/** The texts of the error page for a fatal error (spec §2 "Error page"). */
export function errorPageContent(error: { statusCode: number; message?: string | null }): ErrorPageContent {
  // An archived form is recoverable by the user (unarchive it from the list), so it points there, not to Support.
  if (error.statusCode === 404 && error.message === 'Archived Form') {
    return {
      title: 'Archived Form',
      text: 'This form must be unarchived before editing',
      backLink: { label: 'Back to All Forms', target: 'forms' },
      showSupport: false,
    };
  }
  return {
    ...variantFor(error.statusCode, error.message),
    backLink: { label: 'Back to Previous Page', target: 'history' },
    showSupport: true,
  };
}
