// Row shapes of the business-data tables as the loaders write them (the dataset column is added
// by the writer). The demo generator and the importer both produce these.

export interface CompanyRow {
  id: number;
  uscc: string;
  name: string;
  name_en: string | null;
  brand: string;
  brand_latin: string;
  province_code: string;
  city: string | null;
  city_en: string | null;
  industry_code: string;
  products: string[];
  scope: string | null;
  registered_capital_cny: number | null;
  founded_on: string | null;
  insured_employees: number;
  tiers: string[];
  status: 'active' | 'revoked' | 'cancelled' | 'moved';
  legal_rep: string | null;
  exporter: boolean;
  website: string | null;
}

export interface TrademarkRow {
  id: number;
  jurisdiction: string;
  reg_no: string;
  mark: string;
  mark_latin: string;
  nice_class: number;
  owner_name: string;
  company_id: number | null;
  status: 'registered' | 'pending' | 'opposed' | 'expired' | 'invalidated';
  filed_on: string | null;
  registered_on: string | null;
  goods: string | null;
}

export type RiskKind = 'litigation' | 'dishonest' | 'enforcement' | 'penalty' | 'change';

export interface RiskRow {
  id: number;
  company_id: number;
  kind: RiskKind;
  ref_no: string;
  occurred_on: string;
  subtype: string | null;
  role: 'plaintiff' | 'defendant' | 'third_party' | null;
  amount_cny: number | null;
  authority: string | null;
  status: 'open' | 'closed';
  title_zh: string;
  title_en: string | null;
  detail: Record<string, unknown>;
}

export interface BuyerRow {
  id: number;
  name: string;
  country_code: string;
  city: string | null;
  kind: 'importer' | 'distributor' | 'retailer' | 'brand' | 'manufacturer';
  products: string[];
  employees: number | null;
  annual_import_usd: number | null;
  website: string | null;
}

export interface TradeRow {
  id: number;
  ref_no: string;
  company_id: number;
  buyer_id: number;
  country_code: string;
  hs_code: string;
  product: string | null;
  description: string | null;
  shipped_on: string;
  quantity: number | null;
  unit: string | null;
  value_usd: number;
}

export interface ContactRow {
  id: number;
  owner_kind: 'company' | 'buyer';
  owner_id: number;
  name: string;
  title: string | null;
  phone: string | null;
  email: string | null;
  is_primary: boolean;
}

export interface TableRows {
  companies: CompanyRow[];
  trademarks: TrademarkRow[];
  risk_records: RiskRow[];
  overseas_buyers: BuyerRow[];
  trade_records: TradeRow[];
  contacts: ContactRow[];
}

export type TableName = keyof TableRows;
