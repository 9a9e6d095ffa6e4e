export * from './ExpressCampaignView';
export * from './express-types';
export * from './QualityScore';
