import type { Category, CategoryRecord, FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import type { SuccessFlag } from '../../../src/contract/common';
import type { FieldUsage } from '../../../src/contract/fieldSettings';
import type { Pipeline, PipelineSettings, PipelineStageInput } from '../../../src/contract/pipelines';
import { staffApi } from '../../../src/api/http';

/** The entities whose fields the settings define; each has its own calls (spec 2 §7). */
export type FieldEntity = 'order' | 'company' | 'contact' | 'product';

const PREFIX: Record<FieldEntity, string> = { order: 'orders/field', company: 'company/field', contact: 'contact/field', product: 'field' };
/** Contacts read the types of companies (spec 2 §7: company/field/types serves both). */
const TYPES_PATH: Record<FieldEntity, string> = { order: 'orders/field/types', company: 'company/field/types', contact: 'company/field/types', product: 'field/types' };

export interface FieldInput {
  name: string;
  code?: string;
  type?: number;
  category_id?: number | null;
  data?: unknown[];
  lead_config?: { visible?: number; public_order_visible?: number; editable?: number };
}

export const listFieldTypes = (entity: FieldEntity) => staffApi.get<FieldType[]>(TYPES_PATH[entity]);
export const listFields = (entity: FieldEntity) => staffApi.get<FieldDefinition[]>(`${PREFIX[entity]}/list`);
export const addField = (entity: FieldEntity, body: FieldInput) => staffApi.post<FieldDefinition>(`${PREFIX[entity]}/add`, body);
export const updateField = (entity: FieldEntity, id: number, body: Omit<FieldInput, 'code' | 'type'>) => staffApi.post<FieldDefinition>(`${PREFIX[entity]}/update`, { id, ...body });
export const deleteField = (entity: FieldEntity, id: number) => staffApi.post<SuccessFlag>(`${PREFIX[entity]}/delete`, { id });
export const fieldUsage = (entity: FieldEntity, id: number) => staffApi.get<FieldUsage>(`${PREFIX[entity]}/usage`, { id });
export const sortFields = (entity: FieldEntity, ids: number[]) => staffApi.post<SuccessFlag>(`${PREFIX[entity]}/update-sort`, { ids });

export const listCategories = () => staffApi.get<Category[]>('category/list');
export const addCategory = (body: { name: string; parent_id: number | null; image_url?: string | null }) => staffApi.post<CategoryRecord>('category/add', body);
export const updateCategory = (body: { id: number; name?: string; parent_id?: number | null; image_url?: string | null; sort?: number }) =>
  staffApi.post<CategoryRecord>('category/update', body);
export const deleteCategory = (id: number) => staffApi.post<SuccessFlag>('category/delete', { id });

export const listPipelineSettings = () => staffApi.get<PipelineSettings[]>('account/pipelinesV2');
export const addPipeline = (name: string) => staffApi.post<Pipeline>('orders/pipelines/add', { name });
export const updatePipeline = (body: { id: number; name?: string; status_ids?: number[]; reserve_status_id?: number | null; write_off_status_id?: number | null; stocking_status_id?: number | null }) =>
  staffApi.post<Pipeline>('orders/pipelines/update', body);
export const deletePipeline = (id: number) => staffApi.post<SuccessFlag>('orders/pipelines/delete', { id });
export const addStage = (pipelineId: number, stage: PipelineStageInput) => staffApi.post<Pipeline>('orders/pipelines/statuses/add', { pipeline_id: pipelineId, ...stage });
export const updateStage = (body: { id: number; name?: string; color?: string; blocks_products?: boolean }) => staffApi.post<Pipeline>('orders/pipelines/statuses/update', body);
export const deleteStage = (id: number) => staffApi.post<Pipeline>('orders/pipelines/statuses/delete', { id });
/** The fields a category's products have: its own, those above it and the root's. */
export const listCategoryFields = (categoryId: number) => staffApi.get<FieldDefinition[]>('field/list', { category_id: categoryId, with_parents: 1 });
