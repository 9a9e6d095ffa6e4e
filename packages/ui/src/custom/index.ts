export * from './CustomCampaignView';
export * from './CustomCampaignWizard';
export * from './CustomNextSteps';
