// The reminders' public face: what other features may use of it (the lint
// allows no other import from outside, eslint.config.js). Its screen is
// reached through the route table (app/routes.json); no other feature
// needs more of it yet.
export type { ReminderArgs } from './reminders-api';
