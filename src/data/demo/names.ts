// Name material for the demo dataset: company brand characters (字号), people's names, coined
// English marks and overseas buyer names. Pinyin of every character is computed once, so names
// are built at millions per minute.
import { pinyin } from 'pinyin-pro';
import type { Random } from './random.ts';

/** Characters that Chinese companies use in their 字号; combinations form the brands. */
const BRAND_CHARS = [
  ...'鑫达华盛泰恒宏源丰顺昌隆嘉瑞祥润通科创新远航力强永信德成汇金天正大立兴宇博凯晨星光海峰易佳美优精诚安康明辉腾飞亚欧联合众贝思卓越尚品智威龙凤',
];

/**
 * Two-character combinations that are, or are close to, well-known real Chinese brands; the demo
 * never generates them, so a synthetic company is not mistaken for a real one.
 */
const RESERVED_BRANDS = new Set(
  '海信 海天 正泰 华润 永辉 华强 汇源 恒安 恒力 恒瑞 晨光 海康 大华 康佳 信达 众泰 金龙 宇通 海航 海尔 美的 格力 联想 华为 中兴 安踏 天正 龙凤 华联 飞亚 凤凰 永安 金光 安信 国泰 华泰 海通 光大 兴业 招商 平安 新华 太平 华夏 长城 长安 东风 一汽 吉利 奇瑞 比亚 宏达 明德 博思 力帆 宇通 天宇 晨鸣'.split(
    ' ',
  ),
);

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯史陶黎贺顾毛郝龚邵万钱严武戴孔汤',
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国志红文斌波辉鹏飞宇浩然欣怡子涵梓轩思远佳琪晓东海燕雪梅俊杰振宇晨阳雨婷家豪嘉欣',
];

const pinyinOf = new Map<string, string>();
for (const ch of [...BRAND_CHARS, ...GIVEN])
  pinyinOf.set(ch, pinyin(ch, { toneType: 'none' }).replace(/ü/g, 'v'));
const surnamePinyin = new Map<string, string>();
for (const ch of SURNAMES)
  surnamePinyin.set(ch, pinyin(ch, { toneType: 'none', surname: 'head' }).replace(/ü/g, 'v'));

export interface Brand {
  readonly zh: string;
  /** Toneless pinyin, lower case, no spaces: the comparable form (= latinForm(zh)). */
  readonly latin: string;
  /** Display form in English names: "Xinda". */
  readonly display: string;
}

export function makeBrand(random: Random, length: 2 | 3): Brand {
  for (;;) {
    const chars = Array.from({ length }, () => random.pick(BRAND_CHARS));
    if (new Set(chars).size !== length) continue;
    const zh = chars.join('');
    if (RESERVED_BRANDS.has(zh.slice(0, 2)) || (length === 3 && RESERVED_BRANDS.has(zh.slice(1)))) continue;
    const latin = chars.map((ch) => pinyinOf.get(ch)!).join('');
    return { zh, latin, display: latin[0]!.toUpperCase() + latin.slice(1) };
  }
}

export interface Person {
  readonly zh: string;
  /** "zhang.wei": for e-mail addresses. */
  readonly handle: string;
}

export function makePerson(random: Random): Person {
  const surname = random.pick(SURNAMES);
  const given = random.chance(0.6) ? random.pick(GIVEN) + random.pick(GIVEN) : random.pick(GIVEN);
  const givenLatin = [...given].map((ch) => pinyinOf.get(ch)!).join('');
  return { zh: surname + given, handle: `${surnamePinyin.get(surname)}.${givenLatin}` };
}

const COINED_HEADS = [
  'Nova',
  'Apex',
  'Lumi',
  'Vita',
  'Aero',
  'Terra',
  'Sona',
  'Zen',
  'Opti',
  'Flex',
  'Neo',
  'Sky',
  'Velo',
  'Kora',
  'Astra',
  'Bravo',
  'Cielo',
  'Duro',
  'Evo',
  'Fina',
];
const COINED_TAILS = [
  'tek',
  'tron',
  'ix',
  'ora',
  'go',
  'line',
  'max',
  'well',
  'lux',
  'mate',
  'fit',
  'wave',
  'craft',
  'via',
  'nix',
];

/** An invented English word mark ("Lumitek"), as exporters register abroad. */
export function coinedMark(random: Random): string {
  return random.pick(COINED_HEADS) + random.pick(COINED_TAILS);
}

const BUYER_ADJ = [
  'Global',
  'Pacific',
  'Atlantic',
  'Northern',
  'Golden',
  'Royal',
  'United',
  'Prime',
  'Bright',
  'Meridian',
  'Evergreen',
  'Silver',
  'Orient',
  'Horizon',
  'Keystone',
  'Liberty',
  'Pioneer',
  'Heritage',
  'Coastal',
  'Metro',
  'Alpine',
  'Delta',
  'Sterling',
  'Vantage',
  'Cardinal',
  'Falcon',
  'Blue',
  'Red',
  'Green',
  'Grand',
  'First',
  'Central',
  'Eastern',
  'Western',
  'Southern',
  'Allied',
  'Noble',
  'Crown',
  'Summit',
  'True',
];
const BUYER_NOUN = [
  'Harbor',
  'Crest',
  'Bridge',
  'Oak',
  'River',
  'Stone',
  'Peak',
  'Bay',
  'Field',
  'Ridge',
  'Lake',
  'Star',
  'Point',
  'Gate',
  'Valley',
  'Rock',
  'Park',
  'Forest',
  'Wave',
  'Hill',
  'Port',
  'Way',
  'Line',
  'Mark',
  'Land',
  'Wood',
  'Spring',
  'Shore',
  'Hall',
  'Arrow',
];
const BUYER_TRADE = [
  'Trading',
  'Imports',
  'Supply',
  'Distribution',
  'Sourcing',
  'Commerce',
  'Home',
  'Retail',
  'Industries',
  'Brands',
  'Wholesale',
  'Goods',
  'Partners',
  'Merchants',
  'Traders',
];

const LEGAL_SUFFIX: Readonly<Record<string, string>> = {
  US: 'Inc.',
  GB: 'Ltd',
  DE: 'GmbH',
  FR: 'SAS',
  IT: 'S.r.l.',
  ES: 'S.L.',
  NL: 'B.V.',
  BE: 'BV',
  PL: 'Sp. z o.o.',
  SE: 'AB',
  DK: 'ApS',
  AT: 'GmbH',
  CH: 'AG',
  CZ: 's.r.o.',
  HU: 'Kft.',
  PT: 'Lda.',
  IE: 'Ltd',
  GR: 'S.A.',
  JP: 'Co., Ltd.',
  KR: 'Co., Ltd.',
  BR: 'Ltda.',
  MX: 'S.A. de C.V.',
  AR: 'S.A.',
  CL: 'S.A.',
  CO: 'S.A.S.',
  PE: 'S.A.C.',
  RU: 'LLC',
  UA: 'LLC',
  KZ: 'LLP',
  TR: 'A.Ş.',
  IN: 'Pvt. Ltd.',
  MY: 'Sdn. Bhd.',
  SG: 'Pte. Ltd.',
  TH: 'Co., Ltd.',
  VN: 'Co., Ltd.',
  PH: 'Inc.',
  AU: 'Pty Ltd',
  NZ: 'Ltd',
  CA: 'Inc.',
  AE: 'LLC',
  SA: 'Co. Ltd.',
  ZA: '(Pty) Ltd',
  NG: 'Ltd',
  KE: 'Ltd',
  EG: 'S.A.E.',
  IL: 'Ltd.',
  PK: '(Pvt.) Ltd.',
  BD: 'Ltd.',
};

/** A synthetic overseas company name with its country's usual legal form. */
export function buyerName(random: Random, country: string): string {
  const core = `${random.pick(BUYER_ADJ)} ${random.pick(BUYER_NOUN)} ${random.pick(BUYER_TRADE)}`;
  if (country === 'ID') return `PT ${core}`;
  return `${core} ${LEGAL_SUFFIX[country] ?? 'Ltd'}`;
}

/** "golden-harbor-trading": a domain label for a name. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b(inc|ltd|llc|gmbh|co|pt|sas|s\.?r\.?l|b\.?v|ag|ab|aps|pty|pte|sdn|bhd)\b\.?/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
