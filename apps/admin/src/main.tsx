import '@lm/ui/theme/sign-in-styles.css';
import '@lm/ui/theme/skins.css';
import { AppProviders, createQueryClient, initI18n, storedSkin } from '@lm/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { clients } from './app/clients';
import { backOfficeNamespace } from './i18n/back-office';

document.documentElement.dataset.skin = storedSkin();
const queryClient = createQueryClient();

void initI18n(undefined, backOfficeNamespace, { deferScreens: true }).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders
        clients={clients}
        queryClient={queryClient}
        staffMaintenance
        maintenanceSettingsHref="/admin/system/settings"
      >
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
