// The clients list's forms (the new or edited client's card, the archive
// dialog) load apart from the list: they save through the api (RTK Query),
// which the list does not need to hydrate. A form the server rendered open
// (`?new=1`) keeps its HTML until the chunk is in, then hydrates. The
// server's bundle takes clients-forms.server.ts instead (build.mjs).
import { lazyPart } from '../../lib/lazy-screen';

const forms = () => import('./list-forms');

export const { Component: ClientForm } = lazyPart(async () => ({ default: (await forms()).ClientForm }));
export const { Component: ArchiveDialog } = lazyPart(async () => ({ default: (await forms()).ArchiveDialog }));
