export * from './FanFinderParts';
export * from './FanGrid';
export * from './fan-finder-types';
