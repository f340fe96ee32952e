// The live agenda's stream (GET /api/events) that every signed-in page opens
// once it has hydrated (app/live-events.ts): a connection that waits for
// changes, not a read of the screen's data, so the checks that a page
// fetches nothing on its first render leave it out.

/** False for the live stream's request URL. */
export const notLiveStream = (url) => new URL(url).pathname !== '/api/events';
