export * from './identity';
export * from './items';
export * from './security';
export * from './time';
export * from './workspace';
