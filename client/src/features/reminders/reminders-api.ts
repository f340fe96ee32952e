import { api, dataOf, writes } from '../../lib/api-slice';
import type { ApiReminderDay, ApiReminderPreview, ApiReminderRow, ApiReminderSettings, ApiReminderSettingsInput } from '../../lib/api-types';

/** The reminders screen's parameters (the route's read takes them from the address). */
export type ReminderArgs = Partial<Record<'date', string>>;

export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/reminders?date`: the server preloads the address's day (the route's read). */
    getReminders: build.query<ApiReminderDay, ReminderArgs>({
      query: (args) => ({ path: '/reminders', query: { ...args } }),
      transformResponse: dataOf<ApiReminderDay>,
      providesTags: ['Reminder'],
    }),
    getReminderSettings: build.query<ApiReminderSettings, Record<string, never>>({
      query: () => ({ path: '/reminders/settings' }),
      transformResponse: dataOf<ApiReminderSettings>,
      providesTags: ['Reminder'],
    }),
    /** The WhatsApp message was opened: who and when are kept (and audited). */
    markWhatsappSent: build.mutation<ApiReminderRow, number>({
      query: (id) => ({ path: `/reminders/${id}/whatsapp`, method: 'POST', body: {} }),
      transformResponse: dataOf<ApiReminderRow>,
      ...writes('reminder'),
    }),
    putReminderSettings: build.mutation<ApiReminderSettings, ApiReminderSettingsInput>({
      query: (body) => ({ path: '/reminders/settings', method: 'PUT', body }),
      transformResponse: dataOf<ApiReminderSettings>,
      ...writes('reminder'),
    }),
    /** Nothing is saved: the template filled with a real appointment, checked as saving checks it. */
    previewReminder: build.mutation<ApiReminderPreview, { template: string; appointmentId?: number }>({
      query: (body) => ({ path: '/reminders/preview', method: 'POST', body }),
      transformResponse: dataOf<ApiReminderPreview>,
    }),
  }),
});

export const { useGetRemindersQuery, useGetReminderSettingsQuery, useMarkWhatsappSentMutation, usePutReminderSettingsMutation, usePreviewReminderMutation } =
  remindersApi;
