import { describe, expect, it } from 'vitest';
import { isSidebarHidden, pathContains } from '../../../../src/app/layouts/sidebar-visibility';

describe('isSidebarHidden', () => {
  it('hides the sidebar on named routes containing /build', () => {
    expect(isSidebarHidden('/12/build/contact-export-form', 'build')).toBe(true);
    expect(isSidebarHidden('/12/build/0b0e5ac8-36a4-4a3e-9d1b-0d4b0f8f2a11/share/embed', 'embed')).toBe(true);
  });

  it('keeps it while the route has no name yet', () => {
    expect(isSidebarHidden('/12/build/contact-export-form', null)).toBe(false);
    expect(isSidebarHidden('/12/build/contact-export-form', '')).toBe(false);
  });

  it('keeps it on routes without /build', () => {
    expect(isSidebarHidden('/12', 'account-home')).toBe(false);
    expect(isSidebarHidden('/12/responses', 'responses')).toBe(false);
    expect(isSidebarHidden('/account-admin', 'account-admin')).toBe(false);
  });
});

describe('pathContains', () => {
  it('matches the link path anywhere in the current path, on segment boundaries', () => {
    expect(pathContains('/12', '/12')).toBe(true);
    expect(pathContains('/12/responses', '/12')).toBe(true);
    expect(pathContains('/12/responses', '/12/responses')).toBe(true);
    expect(pathContains('/123', '/12')).toBe(false);
    expect(pathContains('/1/12', '/12')).toBe(true);
    expect(pathContains('/12', '/12/responses')).toBe(false);
  });
});
