// GB/T 4754-2017 Industrial classification for national economic activities: the 20 sections
// (A-T) and 97 divisions (01-97), zh and en. Source: GB/T 4754-2017 as published by the National
// Bureau of Statistics (with its 2019 amendment, which changed classes, not divisions).

export interface IndustrySection {
  readonly code: string;
  readonly zh: string;
  readonly en: string;
}

export interface IndustryDivision {
  /** Two-digit division code, e.g. "33". */
  readonly code: string;
  readonly section: string;
  readonly zh: string;
  readonly en: string;
}

export const INDUSTRY_SECTIONS: readonly IndustrySection[] = [
  { code: 'A', zh: '农、林、牧、渔业', en: 'Agriculture, forestry, animal husbandry and fishery' },
  { code: 'B', zh: '采矿业', en: 'Mining' },
  { code: 'C', zh: '制造业', en: 'Manufacturing' },
  {
    code: 'D',
    zh: '电力、热力、燃气及水生产和供应业',
    en: 'Production and supply of electricity, heat, gas and water',
  },
  { code: 'E', zh: '建筑业', en: 'Construction' },
  { code: 'F', zh: '批发和零售业', en: 'Wholesale and retail trade' },
  { code: 'G', zh: '交通运输、仓储和邮政业', en: 'Transport, storage and postal services' },
  { code: 'H', zh: '住宿和餐饮业', en: 'Accommodation and catering' },
  {
    code: 'I',
    zh: '信息传输、软件和信息技术服务业',
    en: 'Information transmission, software and information technology services',
  },
  { code: 'J', zh: '金融业', en: 'Finance' },
  { code: 'K', zh: '房地产业', en: 'Real estate' },
  { code: 'L', zh: '租赁和商务服务业', en: 'Leasing and business services' },
  { code: 'M', zh: '科学研究和技术服务业', en: 'Scientific research and technical services' },
  {
    code: 'N',
    zh: '水利、环境和公共设施管理业',
    en: 'Management of water conservancy, environment and public facilities',
  },
  { code: 'O', zh: '居民服务、修理和其他服务业', en: 'Resident services, repair and other services' },
  { code: 'P', zh: '教育', en: 'Education' },
  { code: 'Q', zh: '卫生和社会工作', en: 'Health and social work' },
  { code: 'R', zh: '文化、体育和娱乐业', en: 'Culture, sports and entertainment' },
  {
    code: 'S',
    zh: '公共管理、社会保障和社会组织',
    en: 'Public management, social security and social organizations',
  },
  { code: 'T', zh: '国际组织', en: 'International organizations' },
];

const d = (code: string, section: string, zh: string, en: string): IndustryDivision => ({
  code,
  section,
  zh,
  en,
});

export const INDUSTRY_DIVISIONS: readonly IndustryDivision[] = [
  d('01', 'A', '农业', 'Agriculture'),
  d('02', 'A', '林业', 'Forestry'),
  d('03', 'A', '畜牧业', 'Animal husbandry'),
  d('04', 'A', '渔业', 'Fishery'),
  d(
    '05',
    'A',
    '农、林、牧、渔专业及辅助性活动',
    'Support activities for agriculture, forestry, animal husbandry and fishery',
  ),
  d('06', 'B', '煤炭开采和洗选业', 'Mining and washing of coal'),
  d('07', 'B', '石油和天然气开采业', 'Extraction of petroleum and natural gas'),
  d('08', 'B', '黑色金属矿采选业', 'Mining and processing of ferrous metal ores'),
  d('09', 'B', '有色金属矿采选业', 'Mining and processing of non-ferrous metal ores'),
  d('10', 'B', '非金属矿采选业', 'Mining and processing of non-metal ores'),
  d('11', 'B', '开采专业及辅助性活动', 'Support activities for mining'),
  d('12', 'B', '其他采矿业', 'Other mining'),
  d('13', 'C', '农副食品加工业', 'Processing of agricultural and sideline food products'),
  d('14', 'C', '食品制造业', 'Manufacture of foods'),
  d('15', 'C', '酒、饮料和精制茶制造业', 'Manufacture of liquor, beverages and refined tea'),
  d('16', 'C', '烟草制品业', 'Manufacture of tobacco products'),
  d('17', 'C', '纺织业', 'Manufacture of textiles'),
  d('18', 'C', '纺织服装、服饰业', 'Manufacture of textile garments and apparel'),
  d(
    '19',
    'C',
    '皮革、毛皮、羽毛及其制品和制鞋业',
    'Manufacture of leather, fur, feather and related products and footwear',
  ),
  d(
    '20',
    'C',
    '木材加工和木、竹、藤、棕、草制品业',
    'Processing of timber and manufacture of wood, bamboo, rattan, palm and straw products',
  ),
  d('21', 'C', '家具制造业', 'Manufacture of furniture'),
  d('22', 'C', '造纸和纸制品业', 'Manufacture of paper and paper products'),
  d('23', 'C', '印刷和记录媒介复制业', 'Printing and reproduction of recording media'),
  d(
    '24',
    'C',
    '文教、工美、体育和娱乐用品制造业',
    'Manufacture of articles for culture, education, arts and crafts, sport and entertainment',
  ),
  d('25', 'C', '石油、煤炭及其他燃料加工业', 'Processing of petroleum, coal and other fuels'),
  d('26', 'C', '化学原料和化学制品制造业', 'Manufacture of raw chemical materials and chemical products'),
  d('27', 'C', '医药制造业', 'Manufacture of medicines'),
  d('28', 'C', '化学纤维制造业', 'Manufacture of chemical fibres'),
  d('29', 'C', '橡胶和塑料制品业', 'Manufacture of rubber and plastics products'),
  d('30', 'C', '非金属矿物制品业', 'Manufacture of non-metallic mineral products'),
  d('31', 'C', '黑色金属冶炼和压延加工业', 'Smelting and pressing of ferrous metals'),
  d('32', 'C', '有色金属冶炼和压延加工业', 'Smelting and pressing of non-ferrous metals'),
  d('33', 'C', '金属制品业', 'Manufacture of metal products'),
  d('34', 'C', '通用设备制造业', 'Manufacture of general-purpose machinery'),
  d('35', 'C', '专用设备制造业', 'Manufacture of special-purpose machinery'),
  d('36', 'C', '汽车制造业', 'Manufacture of automobiles'),
  d(
    '37',
    'C',
    '铁路、船舶、航空航天和其他运输设备制造业',
    'Manufacture of railway, ship, aerospace and other transport equipment',
  ),
  d('38', 'C', '电气机械和器材制造业', 'Manufacture of electrical machinery and equipment'),
  d(
    '39',
    'C',
    '计算机、通信和其他电子设备制造业',
    'Manufacture of computers, communication and other electronic equipment',
  ),
  d('40', 'C', '仪器仪表制造业', 'Manufacture of measuring instruments and meters'),
  d('41', 'C', '其他制造业', 'Other manufacturing'),
  d('42', 'C', '废弃资源综合利用业', 'Utilization of waste resources'),
  d('43', 'C', '金属制品、机械和设备修理业', 'Repair of metal products, machinery and equipment'),
  d('44', 'D', '电力、热力生产和供应业', 'Production and supply of electricity and heat'),
  d('45', 'D', '燃气生产和供应业', 'Production and supply of gas'),
  d('46', 'D', '水的生产和供应业', 'Production and supply of water'),
  d('47', 'E', '房屋建筑业', 'Construction of buildings'),
  d('48', 'E', '土木工程建筑业', 'Civil engineering'),
  d('49', 'E', '建筑安装业', 'Construction installation activities'),
  d('50', 'E', '建筑装饰、装修和其他建筑业', 'Building decoration, renovation and other construction'),
  d('51', 'F', '批发业', 'Wholesale trade'),
  d('52', 'F', '零售业', 'Retail trade'),
  d('53', 'G', '铁路运输业', 'Rail transport'),
  d('54', 'G', '道路运输业', 'Road transport'),
  d('55', 'G', '水上运输业', 'Water transport'),
  d('56', 'G', '航空运输业', 'Air transport'),
  d('57', 'G', '管道运输业', 'Pipeline transport'),
  d('58', 'G', '多式联运和运输代理业', 'Multimodal transport and transport agency'),
  d('59', 'G', '装卸搬运和仓储业', 'Loading, unloading, handling and warehousing'),
  d('60', 'G', '邮政业', 'Postal services'),
  d('61', 'H', '住宿业', 'Accommodation'),
  d('62', 'H', '餐饮业', 'Catering services'),
  d(
    '63',
    'I',
    '电信、广播电视和卫星传输服务',
    'Telecommunications, radio, television and satellite transmission services',
  ),
  d('64', 'I', '互联网和相关服务', 'Internet and related services'),
  d('65', 'I', '软件和信息技术服务业', 'Software and information technology services'),
  d('66', 'J', '货币金融服务', 'Monetary and financial services'),
  d('67', 'J', '资本市场服务', 'Capital market services'),
  d('68', 'J', '保险业', 'Insurance'),
  d('69', 'J', '其他金融业', 'Other financial activities'),
  d('70', 'K', '房地产业', 'Real estate'),
  d('71', 'L', '租赁业', 'Leasing'),
  d('72', 'L', '商务服务业', 'Business services'),
  d('73', 'M', '研究和试验发展', 'Research and experimental development'),
  d('74', 'M', '专业技术服务业', 'Professional technical services'),
  d('75', 'M', '科技推广和应用服务业', 'Technology promotion and application services'),
  d('76', 'N', '水利管理业', 'Management of water conservancy'),
  d('77', 'N', '生态保护和环境治理业', 'Ecological protection and environmental management'),
  d('78', 'N', '公共设施管理业', 'Management of public facilities'),
  d('79', 'N', '土地管理业', 'Land management'),
  d('80', 'O', '居民服务业', 'Resident services'),
  d(
    '81',
    'O',
    '机动车、电子产品和日用产品修理业',
    'Repair of motor vehicles, electronic products and household goods',
  ),
  d('82', 'O', '其他服务业', 'Other services'),
  d('83', 'P', '教育', 'Education'),
  d('84', 'Q', '卫生', 'Health'),
  d('85', 'Q', '社会工作', 'Social work'),
  d('86', 'R', '新闻和出版业', 'News and publishing'),
  d('87', 'R', '广播、电视、电影和录音制作业', 'Radio, television, film and sound recording production'),
  d('88', 'R', '文化艺术业', 'Culture and arts'),
  d('89', 'R', '体育', 'Sports'),
  d('90', 'R', '娱乐业', 'Entertainment'),
  d('91', 'S', '中国共产党机关', 'Organs of the Communist Party of China'),
  d('92', 'S', '国家机构', 'State organs'),
  d('93', 'S', '人民政协、民主党派', "People's political consultative conferences and democratic parties"),
  d('94', 'S', '社会保障', 'Social security'),
  d(
    '95',
    'S',
    '群众团体、社会团体和其他成员组织',
    'Mass organizations, social groups and other membership organizations',
  ),
  d(
    '96',
    'S',
    '基层群众自治组织及其他组织',
    'Grassroots self-governing organizations and other organizations',
  ),
  d('97', 'T', '国际组织', 'International organizations'),
];

const byCode = new Map(INDUSTRY_DIVISIONS.map((division) => [division.code, division]));

export function divisionByCode(code: string): IndustryDivision | undefined {
  return byCode.get(code);
}

export function sectionOf(division: IndustryDivision): IndustrySection {
  return INDUSTRY_SECTIONS.find((section) => section.code === division.section)!;
}
