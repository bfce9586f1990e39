import type { OrderWithPositions } from '../../../src/contract/orders';

/**
 * A new order before its first change (issue 19 §2): shown by the deal screen but not stored, so that opening
 * "Create order" and leaving again (Back, another address) leaves no empty order behind. No stored order has
 * this id (ids start at 1), which is how the screen and the store tell the two apart.
 */
export const UNSTORED_ORDER_ID = 0;

export const isUnstored = (order: { id: number } | null | undefined): boolean => order?.id === UNSTORED_ORDER_ID;

/** The unstored order as the server would answer a fresh one, minus what only the server knows (pipeline, stage, owner). */
export function unstoredOrder(): OrderWithPositions {
  const now = new Date().toISOString();
  return {
    id: UNSTORED_ORDER_ID,
    name: '',
    fields: {},
    pipeline_id: null,
    status_id: null,
    status_name: null,
    status_type: null,
    lead_id: null,
    status: null,
    user_id: null,
    user_name: null,
    company: null,
    contacts: [],
    sum: 0,
    budget: 0,
    cost_price: 0,
    profit: 0,
    currency: '',
    tags: [],
    stock_state: 'none',
    products_locked: false,
    public: false,
    archived: false,
    version: 0,
    created_at: now,
    updated_at: now,
    positions: [],
  };
}
