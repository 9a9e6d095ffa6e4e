export * from './CustomCampaignView';
export * from './CustomCampaignWizard';
