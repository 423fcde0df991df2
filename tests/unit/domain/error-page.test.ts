import { describe, expect, it } from 'vitest';
import { SUPPORT_TEXT, errorPageContent } from '../../../src/domain/error-page';

const previousPage = { label: 'Back to Previous Page', target: 'history' };

describe('errorPageContent', () => {
  it('exports the support text', () => {
    expect(SUPPORT_TEXT).toBe('Please contact Support for assistance.');
  });

  it('shows Account Not Found', () => {
    expect(errorPageContent({ statusCode: 404, message: 'Account Not Found' })).toEqual({
      title: 'Account Not Found',
      text: 'Please contact Support for assistance.',
      backLink: previousPage,
      showSupport: true,
    });
  });

  it('shows Archived Form with a link to all forms and no support button', () => {
    expect(errorPageContent({ statusCode: 404, message: 'Archived Form' })).toEqual({
      title: 'Archived Form',
      text: 'This form must be unarchived before editing',
      backLink: { label: 'Back to All Forms', target: 'forms' },
      showSupport: false,
    });
  });

  it.each([
    ['a route failure', 'Page Not Found: /abc'],
    ['an unmatched route', 'Page not found: /7/nowhere'],
    ['another message', 'Not found'],
    ['no message', undefined],
    ['a null message', null],
  ])('shows Page Not Found for any other 404 (%s)', (_label, message) => {
    expect(errorPageContent({ statusCode: 404, message })).toEqual({
      title: 'Page Not Found',
      text: 'The page you were looking for has been moved or does not exist',
      backLink: previousPage,
      showSupport: true,
    });
  });

  it('shows Access Denied for 403 whatever the message', () => {
    for (const message of ['Forbidden', 'Archived Form', 'Account Not Found', undefined]) {
      expect(errorPageContent({ statusCode: 403, message })).toEqual({
        title: 'Access Denied',
        text: 'Please contact Support for assistance.',
        backLink: previousPage,
        showSupport: true,
      });
    }
  });

  it.each([400, 401, 409, 500, 503, 0])('shows Unknown Error for status %i', (statusCode) => {
    expect(errorPageContent({ statusCode, message: 'Archived Form' })).toEqual({
      title: 'Unknown Error',
      text: 'Please contact Support for assistance.',
      backLink: previousPage,
      showSupport: true,
    });
  });
});
