/** The parts of amoCRM API v4 answers we read (amocrm.ru/developers/content/crm_platform/*). */
export interface AmoAccount {
  id: number;
  name: string;
  subdomain: string;
  currency: string;
  country?: string;
}

export interface AmoUser {
  id: number;
  name: string;
  email: string;
  rights?: { is_admin?: boolean; is_active?: boolean };
}

export interface AmoFieldValue {
  field_id: number;
  field_code?: string | null;
  values: { value: unknown }[];
}

export interface AmoLead {
  id: number;
  name: string;
  price: number;
  status_id: number;
  pipeline_id: number;
  custom_fields_values: AmoFieldValue[] | null;
  _embedded?: { catalog_elements?: { id: number; metadata?: { quantity?: number; catalog_id?: number } }[] };
}

export interface AmoLeadChange {
  id: number;
  price?: number;
  status_id?: number;
  custom_fields_values?: AmoFieldValue[];
}

export interface AmoLeadField {
  id: number;
  name: string;
  type: string;
  code: string | null;
  group_id: string | null;
  sort: number;
}

export interface AmoFieldGroup {
  id: string;
  name: string;
  sort: number;
}

export interface AmoStatus {
  id: number;
  name: string;
  sort: number;
  pipeline_id: number;
}

export interface AmoPipeline {
  id: number;
  name: string;
  is_main: boolean;
  _embedded: { statuses: AmoStatus[] };
}

export interface AmoCatalog {
  id: number;
  name: string;
  type: string;
}

export interface AmoElement {
  id: number;
  catalog_id: number;
  name: string;
  custom_fields_values: AmoFieldValue[] | null;
}

export interface AmoElementWrite {
  name: string;
  custom_fields_values?: AmoFieldValue[];
}

export interface AmoLink {
  elementId: number;
  catalogId: number;
  quantity: number;
}
