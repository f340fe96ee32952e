// clients-forms.ts for the server's bundle (build.mjs): static imports.
export { ArchiveDialog, ClientForm } from './list-forms';
