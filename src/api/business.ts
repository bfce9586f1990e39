import type { InvoiceRecord, TagChange, TagUsage, TariffConnected, TariffMeters, TelegramAuthData, TelegramConfig, TelegramLink } from '../contract/business';
import type { TariffsResponse } from '../contract/account';
import type { LoginResponse } from '../contract/auth';
import type { OrderShare, ProductVisibility, PublicCustomer, PublicCustomerAddRequest, PublicCustomerList, PublicSettings } from '../contract/publicOrder';
import { staffApi } from './http';
import { getFile } from './transport';

/** Business processes: the scenario (orders/public/settings) and the account's tags. */
export const getPublicSettings = () => staffApi.get<PublicSettings>('orders/public/settings');
export const saveScenario = (product_visibility: ProductVisibility) => staffApi.post<PublicSettings>('orders/public/settings', { product_visibility });
export const listTags = () => staffApi.get<TagUsage[]>('business/tags');
export const renameTag = (tag: string, to: string) => staffApi.post<TagChange>('business/tags/rename', { tag, to });
export const deleteTag = (tag: string) => staffApi.post<TagChange>('business/tags/delete', { tag });

/** Public-order customers and their access. */
export const listPublicCustomers = (page = 1) => staffApi.get<PublicCustomerList>('orders/public/customers/list', { page, per_page: 100 });
export const addPublicCustomer = (body: PublicCustomerAddRequest) => staffApi.post<PublicCustomer>('orders/public/customers/add', body);
export type CustomerAccessAction = 'invite' | 'reset-password' | 'disable' | 'enable';
export const changeCustomerAccess = (action: CustomerAccessAction, id: number) => staffApi.post<PublicCustomer>(`orders/public/customers/${action}`, { id });
export const shareOrderWith = (orderId: number, customerId: number) => staffApi.post<OrderShare>('orders/public/link', { order_id: orderId, customer_id: customerId });

/** Tariffs: plans, meters, connecting a free plan, invoices. */
export const getTariffs = () => staffApi.get<TariffsResponse>('account/tariffs');
export const getMeters = () => staffApi.get<TariffMeters>('tariffs/meters');
export const connectTariff = (tariffId: number) => staffApi.post<TariffConnected>('tariffs/connect', { tariff_id: tariffId });
export const requestInvoice = (tariffId: number) => staffApi.post<InvoiceRecord>('tariffs/invoice', { tariff_id: tariffId });
export const listInvoices = () => staffApi.get<InvoiceRecord[]>('tariffs/invoices');
export const getInvoiceFile = (id: number) => getFile(staffApi, 'tariffs/invoice/file', { id });

/** Telegram sign-in and the profile's link. */
export const getTelegramConfig = () => staffApi.get<TelegramConfig>('auth/telegram/config');
export const telegramSignIn = (data: TelegramAuthData) => staffApi.post<LoginResponse>('auth/telegram/login', data);
export const getTelegramLink = () => staffApi.get<TelegramLink>('profile/telegram');
export const linkTelegram = (data: TelegramAuthData) => staffApi.post<TelegramLink>('profile/telegram/link', data);
export const unlinkTelegram = () => staffApi.post<TelegramLink>('profile/telegram/unlink');
