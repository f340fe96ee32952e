import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/api';
import { clearSession, profileUpdated, sessionRenewed } from '../../lib/session-actions';
import { postLogin } from './auth-api';
import type { AuthState, LoginData, LoginInput } from './types';

export const LOGIN_ERROR = 'Erro ao buscar login';

export const initialAuthState: AuthState = {
  id: null,
  name: null,
  email: null,
  role: null,
  accessToken: null,
  typeToken: null,
  expiresIn: null,
  expiresAt: null,
  loading: false,
  error: null,
};

export const login = createAsyncThunk<LoginData, LoginInput, { rejectValue: string }>(
  'auth/login',
  async (input, { rejectWithValue }) => {
    try {
      const { data } = await postLogin(input);
      // The server sends expiresAt; compute it when it does not (docs/behaviour.md#session: now + expiresIn).
      return { ...data, expiresAt: data.expiresAt ?? Date.now() + data.expiresIn * 1000 };
    } catch (error) {
      return rejectWithValue(errorMessage(error, LOGIN_ERROR));
    }
  },
);

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => ({ ...state, ...action.payload, loading: false }))
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? LOGIN_ERROR;
      })
      .addCase(sessionRenewed, (state, action) => ({ ...state, ...action.payload }))
      .addCase(profileUpdated, (state, action) => {
        state.name = action.payload.name;
        state.email = action.payload.email;
      })
      .addCase(clearSession, () => initialAuthState);
  },
});

export const authReducer = authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}
export const selectAuth = (state: WithAuth) => state.auth;
export const selectIsAuthenticated = (state: WithAuth) => Boolean(state.auth.accessToken);
