export * from './identity';
export * from './items';
export * from './questionnaires';
export * from './security';
export * from './workspace';
