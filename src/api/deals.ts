import type { DealListQuery, DealPage } from '../contract/deals';
import { staffApi } from './http';

/** The 'Deals' screen: the CRM deals we know, with their linked orders. */
export const getDeals = (query: DealListQuery) => {
  const params: Record<string, string | number> = { page: query.page ?? 1 };
  if (query.search) params.search = query.search;
  if (query.crm) params.crm = query.crm;
  if (query.problems) params.problems = 'true';
  return staffApi.get<DealPage>('deals/list', params);
};
