export * from './ApiKeysPanel';
