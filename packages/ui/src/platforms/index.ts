export * from './PlatformScreen';
export * from './platforms';
