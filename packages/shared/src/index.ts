export * from './auth';
export * from './claims';
export * from './company';
export * from './config';
export * from './errors';
export * from './item-types';
export * from './password-reset';
export * from './user';
