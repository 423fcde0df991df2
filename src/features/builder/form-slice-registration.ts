/**
 * The builder's state, loaded with the builder's routes (not with the first page): the route loaders import this
 * module, register the 'form' slice and start `form/loadForm`.
 */
import { registerLazySlice } from '../../app/lazy-slices';
import { formReducer } from './form-slice';
import { initialFormState } from './form-state';

export function registerFormSlice(): void {
  registerLazySlice({ key: 'form', reducer: formReducer, initialState: initialFormState });
}
