/** The public-order routes these screens link between (spec 1 §2). */
export const ORDER_LIST_PATH = '/availablePublicOrderList';
export const PROFILE_PATH = '/publicOrderProfile';
export const SIGN_IN_PATH = '/publicOrderAuth';

/** The customer's order page, for one order. */
export const publicOrderPath = (orderId: number) => `/publicOrder?order_id=${orderId}`;
