import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { FullPageSpinner } from '../components/spinner';
import type { AppStore, RootState } from './store';

interface ProvidersProps {
  store: AppStore;
  /** The state the server rendered with: read during hydration so a late rehydrate cannot cause a mismatch. */
  serverState?: RootState;
  /** Set when rendering from scratch: show the 100vh placeholder until storage is restored (docs/behaviour.md#startup). */
  persistor?: Persistor;
  children: ReactNode;
}

export function Providers({ store, serverState, persistor, children }: ProvidersProps) {
  return (
    <Provider store={store} serverState={serverState}>
      {persistor ? (
        <PersistGate persistor={persistor} loading={<FullPageSpinner />}>
          {children}
        </PersistGate>
      ) : (
        children
      )}
    </Provider>
  );
}
