/** The name of a client form's draft (hooks/use-draft.ts). Apart from the form: the list reopens a draft before the form's chunk has loaded. */
export function clientDraft(client: { id: number } | null): string {
  return client ? `client:${client.id}` : 'client:new';
}
