// The clients list's forms in one chunk (clients-forms.ts).
export { ClientForm } from './client-form';
export { ArchiveDialog } from './archive-dialog';
