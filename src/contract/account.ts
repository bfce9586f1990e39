/** The account as account/config returns it. */
export interface Account {
  id: number;
  name: string;
  country?: string | null;
  /** Second CRM variant: default currency USD instead of RUB. */
  is_kommo?: boolean | number;
  expired: boolean;
  install?: boolean;
  /** Login to the product is fixed to one user: show the warning. */
  login_fixed?: boolean;
  /** Per-account start page; replaces the spec's hard-coded account 148. */
  landing_path?: string | null;
  separate_rights?: boolean;
  trial_ends_at?: string | null;
  flags?: Record<string, boolean>;
}

export interface User {
  id: number;
  name: string;
  email?: string | null;
  phone?: string | null;
  lang?: 'en' | 'ru';
  status?: 'enabled' | 'disabled';
  activity?: boolean;
  admin?: boolean;
  editing_remains?: boolean;
  change_remains?: boolean;
}

/** GET account/config (public: public-order/config) */
export interface AccountConfigResponse {
  account: Account;
  user: User;
}

/** POST account/user/update (also carries the interface language) */
export interface UserUpdateRequest {
  id?: number;
  lang?: 'en' | 'ru';
  name?: string;
}
