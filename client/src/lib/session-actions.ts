import { createAction } from '@reduxjs/toolkit';

// One action every session-bound slice listens to, so signing out (or an
// expired token) resets them all in a single dispatch without slices
// importing each other.
export const clearSession = createAction('session/clear');
