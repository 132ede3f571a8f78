// Deterministic sample results of the three report services, in zh and en, for the renderer tests,
// the bench and previews. Shaped by the catalog's result types, so a schema change shows up here.
import type { Lang, ResultOf } from '../catalog/index.ts';

const PROVINCES = [
  ['330000', '浙江省', 'Zhejiang'],
  ['440000', '广东省', 'Guangdong'],
  ['320000', '江苏省', 'Jiangsu'],
  ['370000', '山东省', 'Shandong'],
  ['310000', '上海市', 'Shanghai'],
  ['350000', '福建省', 'Fujian'],
  ['340000', '安徽省', 'Anhui'],
  ['420000', '湖北省', 'Hubei'],
  ['510000', '四川省', 'Sichuan'],
  ['410000', '河南省', 'Henan'],
  ['130000', '河北省', 'Hebei'],
  ['120000', '天津市', 'Tianjin'],
  ['430000', '湖南省', 'Hunan'],
  ['500000', '重庆市', 'Chongqing'],
  ['110000', '北京市', 'Beijing'],
  ['150000', '内蒙古自治区', 'Inner Mongolia'],
  ['450000', '广西壮族自治区', 'Guangxi'],
  ['210000', '辽宁省', 'Liaoning'],
  ['360000', '江西省', 'Jiangxi'],
  ['610000', '陕西省', 'Shaanxi'],
  ['220000', '吉林省', 'Jilin'],
  ['140000', '山西省', 'Shanxi'],
  ['230000', '黑龙江省', 'Heilongjiang'],
  ['520000', '贵州省', 'Guizhou'],
  ['530000', '云南省', 'Yunnan'],
  ['620000', '甘肃省', 'Gansu'],
  ['460000', '海南省', 'Hainan'],
  ['640000', '宁夏回族自治区', 'Ningxia'],
  ['650000', '新疆维吾尔自治区', 'Xinjiang'],
  ['630000', '青海省', 'Qinghai'],
  ['540000', '西藏自治区', 'Tibet'],
] as const;

const BRANDS = ['华', '鼎', '恒', '瑞', '海', '嘉', '新', '宏', '远', '达', '博', '盛', '腾', '昌', '金'];
const BRANDS_EN = [
  'Hua',
  'Ding',
  'Heng',
  'Rui',
  'Hai',
  'Jia',
  'Xin',
  'Hong',
  'Yuan',
  'Da',
  'Bo',
  'Sheng',
  'Teng',
  'Chang',
  'Jin',
];

function province(i: number, lang: Lang) {
  const p = PROVINCES[i % PROVINCES.length]!;
  return { code: p[0], name: lang === 'zh' ? p[1] : p[2] };
}

function companyName(i: number, lang: Lang): string {
  const a = BRANDS[i % BRANDS.length]!;
  const b = BRANDS[(i * 7 + 3) % BRANDS.length]!;
  const p = PROVINCES[i % PROVINCES.length]!;
  if (lang === 'zh') return `${p[1].slice(0, 2)}${a}${b}汽车零部件股份有限公司`;
  return `${p[2]} ${BRANDS_EN[i % BRANDS.length]}${BRANDS_EN[(i * 7 + 3) % BRANDS.length]!.toLowerCase()} Auto Parts Co., Ltd.`;
}

function uscc(i: number): string {
  return `91${String(330_000 + i * 37).padStart(6, '0')}MA${String(1000000 + i * 7919).slice(0, 7)}X${i % 10}`.slice(
    0,
    18,
  );
}

const industry = (lang: Lang) => ({
  code: '36',
  name: lang === 'zh' ? '汽车制造业' : 'Automobile manufacturing',
});

/** An industry overview over `provinces` provinces (all 31 by default) and `leaders` leading companies. */
export function industryOverviewSample(
  lang: Lang,
  size: { provinces?: number; leaders?: number } = {},
): ResultOf<'report.industry_overview'> {
  const known = [
    9_812, 8_407, 7_950, 4_210, 3_388, 2_904, 2_511, 1_973, 1_806, 1_622, 1_340, 1_102, 987, 902, 760, 311,
    215,
  ];
  const counts = Array.from(
    { length: size.provinces ?? PROVINCES.length },
    (_, i) => known[i] ?? Math.max(3, 200 - (i - known.length) * 13),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  return {
    data_source: 'demo',
    industry: industry(lang),
    province: null,
    summary:
      lang === 'zh'
        ? `全国汽车制造业共有在营企业 ${total.toLocaleString('en-US')} 家，集中于长三角与珠三角：浙江、广东、江苏三省合计占比超过五成。近五年新设企业数量稳步增长，龙头企业以整车配套的零部件集团为主。`
        : `China has ${total.toLocaleString('en-US')} active automobile manufacturers, concentrated in the Yangtze and Pearl River deltas: Zhejiang, Guangdong and Jiangsu together hold over half. New registrations have grown steadily over five years; the leaders are parts groups supplying vehicle makers.`,
    size: { companies: total, insured_employees: 3_912_406, registered_capital_cny: 1_284_503_000_000 },
    province_distribution: counts.map((companies, i) => ({
      province: province(i, lang),
      companies,
      share: companies / total,
    })),
    leaders: Array.from({ length: size.leaders ?? 12 }, (_, i) => ({
      name: companyName(i, lang),
      uscc: uscc(i),
      province: province(i, lang),
      city: null,
      industry: industry(lang),
      insured_employees: Math.max(50, 18_400 - i * 770),
    })),
    risk: { companies_with_records: 5_113, share: 5_113 / total },
    trends: [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year, i) => ({
      year,
      new_companies: 2_100 + i * 310 + (i % 3) * 120,
    })),
  };
}

export function targetListSample(lang: Lang, size = 30): ResultOf<'report.target_list_export'> {
  const roles =
    lang === 'zh'
      ? ['总经理', '采购总监', '销售经理']
      : ['General manager', 'Purchasing director', 'Sales manager'];
  const people =
    lang === 'zh'
      ? ['王伟', '李娜', '张敏', '刘洋', '陈静', '杨磊']
      : ['Wang Wei', 'Li Na', 'Zhang Min', 'Liu Yang', 'Chen Jing', 'Yang Lei'];
  return {
    data_source: 'demo',
    industry: industry(lang),
    filters: { province: null, tiers: ['srdi', 'high_tech'], min_insured: 2 },
    companies: Array.from({ length: size }, (_, i) => ({
      name: companyName(i, lang),
      uscc: uscc(i),
      province: province(i, lang),
      city: lang === 'zh' ? '宁波市' : 'Ningbo',
      industry: industry(lang),
      tiers: i % 2 === 0 ? ['srdi', 'high_tech'] : ['high_tech'],
      insured_employees: 2_400 - i * 61,
      contacts: Array.from({ length: 1 + (i % 3) }, (_, j) => ({
        name: people[(i + j) % people.length]!,
        title: roles[j % roles.length]!,
        phone: `+86 574 ${String(8_700_0000 + i * 131 + j).slice(0, 4)} ${String(1000 + i * 17 + j).slice(0, 4)}`,
        email: j === 2 ? null : `contact${i}${j}@example-${i}.cn`,
      })),
      rationale:
        lang === 'zh'
          ? `专精特新与高新技术企业，参保 ${2_400 - i * 61} 人，主营新能源汽车电驱与热管理部件，近两年出口记录稳定，未见失信与被执行记录。`
          : `SRDI and high-tech company with ${2_400 - i * 61} insured employees, making e-drive and thermal-management parts for new-energy vehicles; steady exports over two years and no dishonesty or enforcement record.`,
    })),
  };
}

export function newProductSample(lang: Lang): ResultOf<'report.new_product_intelligence'> {
  const countries =
    lang === 'zh'
      ? [
          ['US', '美国'],
          ['DE', '德国'],
          ['JP', '日本'],
          ['GB', '英国'],
          ['FR', '法国'],
          ['KR', '韩国'],
          ['AU', '澳大利亚'],
          ['CA', '加拿大'],
        ]
      : [
          ['US', 'United States'],
          ['DE', 'Germany'],
          ['JP', 'Japan'],
          ['GB', 'United Kingdom'],
          ['FR', 'France'],
          ['KR', 'South Korea'],
          ['AU', 'Australia'],
          ['CA', 'Canada'],
        ];
  return {
    data_source: 'demo',
    product: lang === 'zh' ? '便携式储能电源' : 'Portable power station',
    mode: 'design',
    summary:
      lang === 'zh'
        ? '北美与欧洲为主要需求市场，中端价格带（300-600 美元）占比最高；电芯与逆变器供应集中于广东与江苏。'
        : 'North America and Europe lead demand; the mid band (USD 300-600) is the largest; cell and inverter supply is concentrated in Guangdong and Jiangsu.',
    demand_by_country: countries.map(([code, name], i) => ({
      country: { code: code!, name: name! },
      purchasers: 412 - i * 43,
      value_usd: 58_200_000 - i * 6_100_000,
    })),
    price_bands: [
      { band: '< 300', min_usd: 0, max_usd: 300, share: 0.27 },
      { band: '300-600', min_usd: 300, max_usd: 600, share: 0.41 },
      { band: '600-1000', min_usd: 600, max_usd: 1000, share: 0.22 },
      { band: '> 1000', min_usd: 1000, max_usd: 3000, share: 0.1 },
    ],
    competing_products: [
      {
        name: 'EcoFlow River 2',
        maker: 'EcoFlow',
        note: lang === 'zh' ? '磷酸铁锂，快充一小时' : 'LiFePO4, one-hour fast charge',
      },
      {
        name: 'Jackery Explorer 1000',
        maker: 'Jackery',
        note: lang === 'zh' ? '北美渠道强势' : 'Strong in North American retail',
      },
    ],
    component_suppliers: Array.from({ length: 6 }, (_, i) => ({
      name: companyName(i + 3, lang),
      uscc: uscc(i + 3),
      province: province(i + 1, lang),
      city: null,
      industry: industry(lang),
      component:
        lang === 'zh'
          ? ['电芯', '逆变器', 'BMS', '外壳'][i % 4]!
          : ['Cells', 'Inverter', 'BMS', 'Housing'][i % 4]!,
    })),
  };
}
