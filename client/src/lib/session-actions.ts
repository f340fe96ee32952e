import { createAction } from '@reduxjs/toolkit';
import type { ApiLoginData } from './api-types';

// One action every session-bound slice listens to, so signing out (or an
// expired token) resets them all in a single dispatch without slices
// importing each other.
export const clearSession = createAction('session/clear');

/** The signed-in user's own name or e-mail changed (PUT /api/me); the auth slice applies it. */
export const profileUpdated = createAction<{ name: string; email: string }>('session/profileUpdated');

/**
 * The signed-in user's password changed (PUT /api/me): every earlier token
 * stopped working and this session goes on with the new one the server answered.
 */
export const sessionRenewed = createAction<ApiLoginData>('session/renewed');
