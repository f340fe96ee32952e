// lazy-parts.ts for the server's bundle (build.mjs): the server renders
// synchronously, so the same parts are static imports here.
import CustomizerPanel from './customizer-panel';
import MegaMenuColumns from './mega-menu-columns';
import NotificationList from './notification-list';
import { AppToastContainer as ToastContainer } from './toasts';

export { CustomizerPanel, MegaMenuColumns, NotificationList, ToastContainer };
