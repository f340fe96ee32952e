// Stylesheets are bundled by esbuild (one CSS file for the browser entry).
declare module '*.css';
