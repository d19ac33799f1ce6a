export * from './identity';
export * from './security';
