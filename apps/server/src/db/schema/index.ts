export * from './identity';
export * from './initiation';
export * from './items';
export * from './security';
export * from './workspace';
