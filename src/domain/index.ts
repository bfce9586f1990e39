/** Pure domain rules shared by the shell, the widget and the server. */
export * from './numbers';
export * from './fieldTypes';
export * from './format';
export * from './productCard';
export * from './validation';
export * from './colorScale';
export * from './productId';
export * from './tableColumns';
export * from './orderName';
export * from './publicMode';
export * from './wire';
export * from './landing';
export * from './navigationGuard';
export * from './login';
