// Signing out is a POST (docs/behaviour.md#authentication): opening /logout
// changes nothing by itself, so a link from another site cannot sign anyone
// out. The app's own "Sair" links carry this navigation state, which no
// other site can set: the logout screen then posts at once. Opened any
// other way, it asks first.

export const SIGN_OUT_STATE = { signOut: true } as const;

/** True when the navigation came from one of the app's "Sair" links. */
export function isSignOutRequest(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
