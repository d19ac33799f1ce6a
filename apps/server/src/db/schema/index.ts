export * from './billing';
export * from './identity';
export * from './initiation';
export * from './invitation';
export * from './items';
export * from './questionnaires';
export * from './security';
export * from './workspace';
