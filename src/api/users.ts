import { userSchema } from '../contract/me';
import type { User } from '../contract/me';
import { api } from './api-slice';

export type { User };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Who is signed in. Always silent: the spec §6 rules for a missing session (redirect, or tell the caller) depend
     * on who asks, so `user/getAuthRedirectUserDetails` and the root loader apply them.
     */
    getMe: build.query<User, void>({
      query: () => ({ url: '/api/me/', silent: true, schema: userSchema }),
      providesTags: ['me'],
    }),
  }),
});
