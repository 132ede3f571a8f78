// The 45 classes of the Nice Classification (goods 1-34, services 35-45), with the short zh names
// used in Chinese trademark practice and en short forms of the class headings.
// Source: WIPO, Nice Classification 12th edition (NCL 12-2024) class headings; zh short names as in
// CNIPA's 类似商品和服务区分表 (Chinese edition of the Nice classification).

export interface NiceClass {
  readonly id: number;
  readonly zh: string;
  readonly en: string;
}

const NAMES: readonly (readonly [string, string])[] = [
  ['化学原料', 'Chemicals for industry, science and agriculture'],
  ['颜料油漆', 'Paints, varnishes, lacquers and colorants'],
  ['日化用品', 'Cosmetics, cleaning and toiletry preparations'],
  ['燃料油脂', 'Industrial oils, lubricants and fuels'],
  ['医药', 'Pharmaceuticals and medical preparations'],
  ['金属材料', 'Common metals and metal building materials'],
  ['机械设备', 'Machines, machine tools and motors'],
  ['手工器械', 'Hand tools and cutlery'],
  ['科学仪器', 'Scientific, electronic and computer apparatus'],
  ['医疗器械', 'Medical and veterinary apparatus'],
  ['灯具空调', 'Lighting, heating, cooling and sanitary apparatus'],
  ['运输工具', 'Vehicles and apparatus for locomotion'],
  ['军火烟火', 'Firearms, ammunition and fireworks'],
  ['珠宝钟表', 'Precious metals, jewellery and watches'],
  ['乐器', 'Musical instruments'],
  ['办公用品', 'Paper, printed matter and stationery'],
  ['橡胶制品', 'Rubber, plastics in extruded form and insulating materials'],
  ['皮革皮具', 'Leather goods, luggage and bags'],
  ['建筑材料', 'Non-metallic building materials'],
  ['家具', 'Furniture, mirrors and frames'],
  ['厨房洁具', 'Household and kitchen utensils, glassware and porcelain'],
  ['绳网袋篷', 'Ropes, nets, tents and sacks'],
  ['纱线丝', 'Yarns and threads for textile use'],
  ['布料床单', 'Textiles and household linen'],
  ['服装鞋帽', 'Clothing, footwear and headwear'],
  ['钮扣拉链', 'Lace, ribbons, buttons and haberdashery'],
  ['地毯席垫', 'Carpets, rugs and floor coverings'],
  ['健身器材', 'Games, toys and sporting goods'],
  ['食品', 'Meat, fish, preserved foods and dairy products'],
  ['方便食品', 'Coffee, tea, flour, bakery and confectionery'],
  ['饲料种籽', 'Raw agricultural products, fresh produce and animal feed'],
  ['啤酒饮料', 'Beers and non-alcoholic beverages'],
  ['酒', 'Alcoholic beverages except beers'],
  ['烟草烟具', "Tobacco and smokers' articles"],
  ['广告销售', 'Advertising, business management and retail services'],
  ['金融物管', 'Financial, insurance and real estate services'],
  ['建筑修理', 'Construction, installation and repair services'],
  ['通讯服务', 'Telecommunications services'],
  ['运输贮藏', 'Transport, packaging, storage and travel services'],
  ['材料加工', 'Treatment of materials and custom manufacturing'],
  ['教育娱乐', 'Education, training, entertainment and sport'],
  ['网站服务', 'Scientific, technological and software services'],
  ['餐饮住宿', 'Food and drink services and temporary accommodation'],
  ['医疗园艺', 'Medical, veterinary, beauty and agricultural services'],
  ['社会服务', 'Legal, security and personal services'],
];

export const NICE_CLASSES: readonly NiceClass[] = NAMES.map(([zh, en], index) => ({ id: index + 1, zh, en }));

export function niceClass(id: number): NiceClass | undefined {
  return NICE_CLASSES[id - 1];
}
