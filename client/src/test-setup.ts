// The api plugged into every store the tests make, as the server's bundle
// and the browser's protected screens do (app/endpoints.ts).
import './app/endpoints';
