export type * from './common';
export type * from './auth';
export type * from './account';
export type * from './publicOrder';
export type * from './pipelines';
export type * from './customers';
export type * from './sessions';
export type * from './integrations';
