import type { Category, FieldDefinition, IdRequest } from '../../../../src/contract/catalogue';
import type { ImageDeleteRequest, ImageReorderRequest, ProductHistoryPage } from '../../../../src/contract/productEditor';
import type { Product, ProductAddRequest, ProductUpdateRequest } from '../../../../src/contract/stock';
import { staffApi } from '../../../../src/api/http';
import { getFile } from '../../../../src/api/transport';

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

/** product/image/upload: multipart product_id, field, file; answers the product with the image listed last. */
export function uploadImage(productId: number, field: string, file: File, updatedAt?: string) {
  const form = new FormData();
  form.append('product_id', String(productId));
  form.append('field', field);
  if (updatedAt) form.append('updated_at', updatedAt);
  form.append('file', file);
  return staffApi.post<Product>('product/image/upload', form);
}
/** The image's bytes for a carousel size (m, l, f); the server answers only the account's own images. */
export const getImage = (id: number, size: 'm' | 'l' | 'f') => getFile(staffApi, 'product/image', { id, size });
export const deleteImage = (body: ImageDeleteRequest) => staffApi.post<Product>('product/image/delete', body);
export const reorderImages = (body: ImageReorderRequest) => staffApi.post<Product>('product/image/reorder', body);
