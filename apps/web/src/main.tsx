import '@lm/ui/theme/sign-in-styles.css';
import '@lm/ui/theme/skins.css';
import { AppProviders, createQueryClient, initI18n, storedSkin } from '@lm/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { clients } from './app/clients';

document.documentElement.dataset.skin = storedSkin();
const queryClient = createQueryClient();

void initI18n(undefined, undefined, { deferScreens: true }).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders clients={clients} queryClient={queryClient} checkMaintenance>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
