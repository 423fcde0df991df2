/**
 * The builder's slice loads with the builder's routes, not with the first page (issue 9's initial-JS budget): a store
 * made before it is registered gains it when it is. This file does not import test-utils, which registers it.
 */
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../src/app/store';

describe('the lazily registered form slice', () => {
  it('is absent from a store until the builder registers it, then present with its initial state', async () => {
    const store = makeStore({ app: { sidebarOpen: false } });
    expect((store.getState() as Partial<ReturnType<typeof store.getState>>).form).toBeUndefined();

    const { registerFormSlice } = await import('../../../src/features/builder/form-slice-registration');
    const { initialFormState } = await import('../../../src/features/builder/form-state');
    registerFormSlice();

    expect(store.getState().form).toEqual(initialFormState);
    // The other slices keep their state across the reducer swap.
    expect(store.getState().app.sidebarOpen).toBe(false);
    // A store made afterwards has it from the start, preloaded state included.
    const later = makeStore({ form: { formId: 'f1' } });
    expect(later.getState().form.formId).toBe('f1');
  });
});
