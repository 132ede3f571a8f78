// Industry profiles: which GB/T 4754-2017 divisions the store covers in depth, how companies of each
// are named, where they cluster, how many export, and which divisions buy from them (downstream,
// for the domestic buyer ranking). The demo generator builds its dataset from these, and the
// engines use `downstream` and the name stems to understand a query.
// Downstream links simplify the supply relations of China's input-output tables (NBS).
import type { Cluster } from './geography.ts';

export interface NameStem {
  readonly zh: string;
  readonly en: string;
  /** Product keys a company with this stem makes; empty means any product of the division. */
  readonly products: readonly string[];
}

export interface IndustryProfile {
  readonly division: string;
  /** Relative number of companies in the demo dataset. */
  readonly weight: number;
  readonly cluster: Cluster;
  readonly stems: readonly NameStem[];
  /** Share of companies that export. */
  readonly exportShare: number;
  /** Divisions whose companies buy this division's output, strongest link first. */
  readonly downstream: readonly string[];
  /** Common words for the industry (zh and en) beyond the division's official name. */
  readonly aliases: readonly string[];
}

type StemRow = [zh: string, en: string, products?: string[]];

const p = (
  division: string,
  weight: number,
  cluster: Cluster,
  exportShare: number,
  downstream: string[],
  aliases: string[],
  stems: StemRow[],
): IndustryProfile => ({
  division,
  weight,
  cluster,
  exportShare,
  downstream,
  aliases,
  stems: stems.map(([zh, en, products = []]) => ({ zh, en, products })),
});

// biome-ignore format: one profile per entry reads as a table
export const PROFILES: readonly IndustryProfile[] = [
  p('13', 3, 'food', 0.2, ['14', '15', '51'], ['农产品加工', '水产加工', '饲料', 'food processing', 'agri-food'], [
    ['食品', 'Food'], ['水产', 'Aquatic Products', ['frozen_fish']], ['饲料', 'Feed', ['animal_feed']], ['粮油', 'Grain & Oil', ['vegetable_oil']]]),
  p('14', 2, 'food', 0.15, ['51'], ['食品', '食品加工', 'food', 'food manufacturing'], [['食品', 'Food'], ['食品科技', 'Food Technology']]),
  p('15', 2, 'food', 0.1, ['51'], ['饮料', '酒', '茶', 'beverages', 'drinks', 'tea'], [
    ['饮品', 'Beverage', ['beverages']], ['茶业', 'Tea', ['tea']], ['酒业', 'Wine & Spirits', ['baijiu', 'beer']]]),
  p('17', 4, 'textiles', 0.35, ['18', '19', '21', '51'], ['纺织', '家纺', '面料', 'textile', 'textiles', 'fabrics'], [
    ['纺织', 'Textile'], ['家纺', 'Home Textile', ['bed_linen', 'towels']], ['织造', 'Weaving', ['polyester_fabric', 'cotton_yarn']]]),
  p('18', 5, 'apparel', 0.45, ['51'], ['服装', '服饰', '成衣', 'apparel', 'garments', 'clothing', 'fashion'], [
    ['服饰', 'Apparel'], ['服装', 'Garment'], ['制衣', 'Clothing']]),
  p('19', 3, 'apparel', 0.45, ['51'], ['鞋', '制鞋', '皮革', '箱包', 'footwear', 'shoes', 'leather', 'bags'], [
    ['鞋业', 'Footwear', ['sneakers', 'leather_shoes']], ['皮具', 'Leather Goods', ['handbags']], ['箱包', 'Bags', ['luggage', 'handbags']]]),
  p('20', 2, 'furniture', 0.3, ['21', '48', '51'], ['木材加工', '竹木', 'wood', 'timber', 'bamboo'], [
    ['木业', 'Wood Industry', ['plywood']], ['竹木制品', 'Bamboo & Wood Products', ['bamboo_products']]]),
  p('21', 3, 'furniture', 0.4, ['51', '48'], ['家具', '家居', 'furniture', 'home furnishing'], [['家具', 'Furniture'], ['家居', 'Home Furnishing']]),
  p('22', 2, 'furniture', 0.15, ['13', '14', '15', '39', '51'], ['造纸', '纸制品', '包装', 'paper', 'packaging'], [
    ['纸业', 'Paper', ['tissue_paper']], ['包装', 'Packaging', ['cartons']]]),
  p('24', 3, 'toys', 0.55, ['51'], ['玩具', '文具', '体育用品', '健身器材', 'toys', 'stationery', 'sporting goods'], [
    ['玩具', 'Toys', ['toys', 'festive_goods']], ['文体用品', 'Stationery & Sports Goods', ['pens', 'sports_balls', 'fitness_equipment']], ['体育用品', 'Sporting Goods', ['fitness_equipment', 'sports_balls']]]),
  p('26', 4, 'chemicals', 0.25, ['29', '17', '27', '30', '28', '13'], ['化工', '化学', '化肥', '涂料', 'chemicals', 'chemical industry'], [
    ['化工', 'Chemical'], ['新材料', 'New Materials', ['titanium_dioxide', 'pvc_resin']], ['涂料', 'Coatings', ['paints']]]),
  p('27', 2, 'pharma', 0.2, ['51'], ['医药', '制药', '药品', '生物医药', 'pharmaceuticals', 'pharma', 'medicine'], [
    ['药业', 'Pharmaceutical'], ['生物医药', 'Biopharmaceutical'], ['制药', 'Pharmaceutical']]),
  p('28', 1, 'textiles', 0.25, ['17', '18'], ['化纤', 'chemical fibre', 'synthetic fibres'], [['化纤', 'Chemical Fiber']]),
  p('29', 5, 'plastics', 0.3, ['36', '38', '39', '24', '22', '13'], ['塑料', '橡胶', '橡塑', 'plastics', 'rubber'], [
    ['塑胶', 'Plastics', ['plastic_parts', 'plastic_houseware', 'plastic_film']], ['橡塑', 'Rubber & Plastics'], ['轮胎', 'Tyre', ['tires']]]),
  p('30', 4, 'minerals', 0.3, ['48', '21', '38'], ['陶瓷', '建材', '玻璃', 'ceramics', 'building materials', 'glass'], [
    ['陶瓷', 'Ceramics', ['ceramic_tiles', 'sanitary_ware', 'tableware']], ['建材', 'Building Materials', ['ceramic_tiles', 'float_glass']], ['玻璃', 'Glass', ['float_glass']]]),
  p('31', 1.5, 'steel', 0.15, ['33', '34', '35', '36', '37', '48'], ['钢铁', '冶金', 'steel', 'iron and steel'], [['钢铁', 'Steel', ['steel_coil']], ['钢管', 'Steel Pipe', ['steel_pipe']]]),
  p('32', 2, 'nonferrous', 0.2, ['38', '39', '33', '36', '37'], ['有色金属', '铝', '铜', 'non-ferrous metals', 'aluminium', 'copper'], [
    ['铝业', 'Aluminium', ['aluminium_profiles']], ['铜业', 'Copper', ['copper_wire']], ['金属材料', 'Metal Materials']]),
  p('33', 7, 'metal_products', 0.4, ['34', '35', '36', '48', '51'], ['五金', '五金制品', '金属制品', 'hardware', 'metal products', 'metalwork'], [
    ['五金制品', 'Hardware Products'], ['金属制品', 'Metal Products'], ['五金工具', 'Hardware Tools', ['hand_tools']], ['厨具', 'Kitchenware', ['cookware']]]),
  p('34', 7, 'machinery', 0.3, ['35', '36', '13', '26', '31'], ['机械', '通用设备', '泵阀', 'machinery', 'general machinery', 'equipment'], [
    ['机械', 'Machinery'], ['泵阀', 'Pump & Valve', ['pumps', 'valves']], ['轴承', 'Bearing', ['bearings']]]),
  p('35', 6, 'machinery', 0.25, ['13', '29', '30', '31', '48'], ['专用设备', '工程机械', '医疗器械', '农机', 'special equipment', 'construction machinery', 'medical devices'], [
    ['机械设备', 'Machinery & Equipment'], ['智能装备', 'Intelligent Equipment', ['packaging_machines', 'injection_machines']], ['医疗器械', 'Medical Devices', ['medical_devices']], ['重工', 'Heavy Industry', ['excavators', 'tractors']]]),
  p('36', 3, 'vehicles', 0.2, ['51', '58'], ['汽车', '汽配', '新能源汽车', 'automotive', 'auto parts', 'cars'], [
    ['汽车', 'Automobile', ['electric_vehicles']], ['汽车零部件', 'Auto Parts', ['auto_parts']], ['汽配', 'Auto Parts', ['auto_parts']]]),
  p('37', 2, 'vehicles', 0.35, ['51'], ['电动车', '自行车', '无人机', 'e-bikes', 'bicycles', 'transport equipment'], [
    ['车业', 'Vehicle', ['e_bikes', 'bicycles']], ['航空科技', 'Aviation Technology', ['drones']]]),
  p('38', 8, 'electrical', 0.4, ['39', '36', '34', '35', '48', '51'], ['电气', '电器', '家电', '新能源', '光伏', '锂电', 'electrical', 'appliances', 'new energy', 'solar'], [
    ['电器', 'Electric Appliance', ['small_appliances', 'hair_dryers', 'electric_fans', 'air_conditioners', 'refrigerators']], ['电气', 'Electric', ['electric_motors', 'cables', 'inverters']], ['新能源', 'New Energy', ['solar_panels', 'lithium_batteries', 'inverters']], ['照明', 'Lighting', ['led_lighting']]]),
  p('39', 8, 'electronics', 0.45, ['36', '38', '40', '65', '51'], ['电子', '电子产品', '消费电子', '通信设备', '半导体', 'electronics', 'consumer electronics', 'semiconductors'], [
    ['电子科技', 'Electronic Technology'], ['电子', 'Electronics'], ['通讯', 'Communication', ['smartphones', 'routers']], ['智能科技', 'Smart Technology', ['security_cameras', 'earphones', 'smartphones']]]),
  p('40', 2, 'electronics', 0.25, ['38', '26', '35', '31'], ['仪器仪表', '测量仪器', 'instruments', 'meters'], [
    ['仪器仪表', 'Instruments'], ['测控技术', 'Measurement & Control Technology']]),
  p('41', 1, 'toys', 0.5, ['51'], ['发制品', '假发', '日用杂品', 'wigs', 'hair products'], [['发制品', 'Hair Products', ['wigs']]]),
  p('42', 1, 'plastics', 0.1, ['29', '26', '31'], ['再生资源', '回收', 'recycling', 'waste recycling'], [
    ['再生资源', 'Renewable Resources'], ['环保科技', 'Environmental Technology']]),
  p('48', 2, 'construction', 0, ['31', '36', '38'], ['建筑', '工程', '基建', 'construction', 'civil engineering'], [
    ['建设工程', 'Construction Engineering'], ['市政工程', 'Municipal Engineering']]),
  p('51', 6, 'trade', 0.5, ['51', '58'], ['贸易', '外贸', '进出口', '批发', 'trading', 'import and export', 'wholesale'], [
    ['贸易', 'Trading'], ['进出口', 'Import & Export'], ['国际贸易', 'International Trade']]),
  p('58', 1.5, 'trade', 0, ['51', '33', '38', '39', '18'], ['物流', '货代', 'logistics', 'freight forwarding'], [
    ['国际物流', 'International Logistics'], ['货运代理', 'Freight Forwarding']]),
  p('65', 4, 'software', 0, ['39', '38', '36', '27', '51'], ['软件', '信息技术', 'IT', '互联网', 'software', 'information technology'], [
    ['软件', 'Software'], ['信息技术', 'Information Technology'], ['网络科技', 'Network Technology']]),
];

const byDivision = new Map(PROFILES.map((profile) => [profile.division, profile]));

export function profileOf(division: string): IndustryProfile | undefined {
  return byDivision.get(division);
}
