export * from './AnswerInTime';
export * from './CampaignMessages';
export * from './campaign-columns';
export * from './ExpressCampaignView';
export * from './express-types';
export * from './ListenPanel';
export * from './playlist-parts';
export * from './QualityScore';
