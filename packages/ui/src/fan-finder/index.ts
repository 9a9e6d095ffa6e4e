export * from './FanFinderParts';
export * from './fan-finder-types';
