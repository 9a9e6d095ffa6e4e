export * from './CampaignResults';
