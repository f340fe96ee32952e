import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/api';
import { clearSession } from '../../lib/session-actions';
import { getDashboard } from './dashboard-api';
import type { Dashboard } from './types';

export const DASHBOARD_ERROR = 'Erro ao buscar o painel';

/** `state.page`: screen data other than the two lists (the server preloads `page.dashboard`). */
export interface PageState {
  dashboard: Dashboard | null;
  dashboardLoading: boolean;
  dashboardError: string | null;
}

export const initialPageState: PageState = { dashboard: null, dashboardLoading: false, dashboardError: null };

export const fetchDashboard = createAsyncThunk<Dashboard, void, { rejectValue: string }>(
  'page/fetchDashboard',
  async (_, { rejectWithValue }) => {
    try {
      return (await getDashboard()).data;
    } catch (error) {
      return rejectWithValue(errorMessage(error, DASHBOARD_ERROR));
    }
  },
);

const pageSlice = createSlice({
  name: 'page',
  initialState: initialPageState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchDashboard.pending, (state) => {
        state.dashboardLoading = true;
        state.dashboardError = null;
      })
      .addCase(fetchDashboard.fulfilled, (state, action) => {
        state.dashboard = action.payload;
        state.dashboardLoading = false;
      })
      .addCase(fetchDashboard.rejected, (state, action) => {
        state.dashboardLoading = false;
        state.dashboardError = action.payload ?? DASHBOARD_ERROR;
      })
      .addCase(clearSession, () => initialPageState);
  },
});

export const pageReducer = pageSlice.reducer;
export const selectDashboard = (state: { page: PageState }) => state.page;
