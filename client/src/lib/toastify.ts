// react-toastify's `toast`, as a module of ours: lib/toast.ts loads it with
// import(), and the build groups a module of src/ with the shell's code,
// where a package's own file would pull React into a chunk of its own.
// eslint-disable-next-line no-restricted-imports -- the one module lib/toast.ts loads
export { toast } from 'react-toastify/unstyled';
