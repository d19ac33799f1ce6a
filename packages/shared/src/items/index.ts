export * from './api';
export * from './bulk';
export * from './definitions';
export * from './fields';
export * from './rules';
export * from './status';
export * from './trend';
