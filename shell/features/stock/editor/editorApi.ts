import type { Category, FieldDefinition, IdRequest } from '../../../../src/contract/catalogue';
import type { ProductHistoryPage } from '../../../../src/contract/productEditor';
import type { Product, ProductAddRequest, ProductUpdateRequest } from '../../../../src/contract/stock';
import { staffApi } from '../../../../src/api/http';

/** The product editor's calls (spec 2 §3 Product; product/history, duplicate and tags are this editor's own). */
export const getProduct = (id: number) => staffApi.get<Product>('product/get', { id });
export const addProduct = (body: ProductAddRequest) => staffApi.post<Product>('product/add', body);
/** A 409 means someone saved the product after updated_at: the answer carries the stored one. */
export const updateProduct = (body: ProductUpdateRequest) => staffApi.post<Product>('product/update', body);
export const duplicateProduct = (body: IdRequest) => staffApi.post<Product>('product/duplicate', body);
export const archiveProduct = (body: IdRequest) => staffApi.post<Product>('product/archive', body);
export const productHistory = (id: number, page: number) => staffApi.get<ProductHistoryPage>('product/history', { id, page });
export const productTags = () => staffApi.get<string[]>('product/tags');
export const listCategories = () => staffApi.get<Category[]>('category/list');
/** The product fields of a category and every level above it (the root's included); null: the root's. */
export const listProductFields = (categoryId: number | null) =>
  staffApi.get<FieldDefinition[]>('field/list', categoryId ? { category_id: categoryId, with_parents: 1 } : {});
