import { withCrmCatalog } from '../../i18n/crm-catalog';
import { ArtistsListPage as Artists, ArtistProfilePage as Profile } from './ArtistsPages';
import { CampaignPage as Campaign, CampaignsPage as Campaigns } from './CampaignsPages';
import { LeadsListsPage as Lists } from './LeadsListsPage';
import { SenderIdsPage as SenderIds, SendersPage as Senders } from './SendersPages';
import { TemplateEditorPage as Editor } from './TemplateEditorPage';
import { TemplatesPage as Templates } from './TemplatesPage';

/*
 * The CRM screens, each inside the CRM catalog, from one module so the back-office's entry
 * names one lazy chunk for them (the login route's budget counts that table). The designer's own page
 * is light: GrapesJS itself is imported by it on mount, into chunks of its own.
 */
export const LeadsListsPage = withCrmCatalog(Lists);
export const ArtistsListPage = withCrmCatalog(Artists);
export const ArtistProfilePage = withCrmCatalog(Profile);
export const SendersPage = withCrmCatalog(Senders);
export const SenderIdsPage = withCrmCatalog(SenderIds);
export const TemplatesPage = withCrmCatalog(Templates);
export const TemplateEditorPage = withCrmCatalog(Editor);
export const CampaignsPage = withCrmCatalog(Campaigns);
export const CampaignPage = withCrmCatalog(Campaign);
