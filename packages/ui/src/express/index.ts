export * from './ExpressCampaignView';
export * from './express-types';
