import { createAction } from '@reduxjs/toolkit';

/** Signing out empties every slice (spec §4 "Logout clears user and account state"). */
export const userLoggedOut = createAction('user/loggedOut');
