// The product vocabulary that companies, buyers and trade records share: each product with zh and
// en names and synonyms (so a query in either language finds it), the GB/T 4754-2017 division
// that makes it, its HS subheading (WCO HS 2022), the Nice class its trademarks fall in, a
// typical export unit price band, and the products it is built from (component suppliers).
// HS subheadings and Nice classes follow the WCO and WIPO nomenclatures; price bands are rough
// demo figures, used only to generate demo trade records.

export interface Product {
  readonly key: string;
  /** GB/T 4754-2017 division of the makers. */
  readonly division: string;
  /** HS 2022 subheading (6 digits); null for services. */
  readonly hs: string | null;
  readonly zh: string;
  readonly en: string;
  readonly synonymsZh: readonly string[];
  readonly synonymsEn: readonly string[];
  readonly unit: string;
  /** Typical export unit price in whole US dollars, [low, high]. */
  readonly priceUsd: readonly [number, number];
  readonly nice: number;
  readonly components: readonly string[];
}

type Row = [
  key: string,
  division: string,
  hs: string | null,
  zh: string,
  en: string,
  synonymsZh: string[],
  synonymsEn: string[],
  unit: string,
  price: [number, number],
  nice: number,
  components?: string[],
];

// biome-ignore format: one product per line reads as a table
const ROWS: Row[] = [
  // 13-16 food and drink
  ['frozen_fish', '13', '030489', '冷冻鱼片', 'frozen fish fillets', ['鱼片', '冻鱼', '水产品'], ['fish fillet', 'seafood', 'frozen seafood'], 'kg', [3, 9], 29],
  ['animal_feed', '13', '230990', '配合饲料', 'animal feed', ['饲料', '宠物饲料'], ['feed', 'pet food', 'livestock feed'], 'tonne', [350, 900], 31],
  ['vegetable_oil', '13', '151219', '食用植物油', 'edible vegetable oil', ['食用油', '植物油', '葵花籽油'], ['cooking oil', 'sunflower oil'], 'tonne', [900, 1600], 29],
  ['soy_sauce', '14', '210310', '酱油', 'soy sauce', ['调味品', '调味料'], ['condiments', 'seasoning'], 'carton', [8, 25], 30],
  ['instant_noodles', '14', '190230', '方便面', 'instant noodles', ['速食面', '挂面'], ['ramen', 'noodles'], 'carton', [6, 15], 30],
  ['candy', '14', '170490', '糖果', 'sugar confectionery', ['糖', '软糖', '零食'], ['candy', 'sweets', 'gummies'], 'carton', [10, 40], 30],
  ['tea', '15', '090210', '茶叶', 'tea', ['绿茶', '红茶', '乌龙茶'], ['green tea', 'black tea', 'oolong'], 'kg', [6, 60], 30],
  ['beer', '15', '220300', '啤酒', 'beer', ['精酿啤酒'], ['lager', 'craft beer'], 'carton', [8, 25], 32],
  ['baijiu', '15', '220890', '白酒', 'Chinese liquor', ['高粱酒', '烈酒'], ['baijiu', 'spirits'], 'bottle', [8, 120], 33],
  ['beverages', '15', '220299', '饮料', 'soft drinks', ['果汁', '茶饮料', '功能饮料'], ['juice', 'energy drink', 'beverage'], 'carton', [5, 18], 32],
  // 17-19 textiles, apparel, leather
  ['cotton_yarn', '17', '520512', '棉纱', 'cotton yarn', ['纱线', '纺纱'], ['yarn', 'spun yarn'], 'kg', [2, 5], 23],
  ['polyester_fabric', '17', '540752', '涤纶面料', 'polyester fabric', ['面料', '布料', '化纤面料'], ['fabric', 'textile fabric', 'woven fabric'], 'm', [1, 4], 24],
  ['bed_linen', '17', '630231', '床上用品', 'bed linen', ['四件套', '床单', '被套', '家纺'], ['bedding', 'bed sheets', 'home textiles', 'duvet cover'], 'set', [8, 40], 24, ['polyester_fabric', 'cotton_yarn']],
  ['towels', '17', '630260', '毛巾', 'towels', ['浴巾', '面巾'], ['bath towel', 'terry towel'], 'piece', [1, 8], 24, ['cotton_yarn']],
  ['nonwoven', '17', '560311', '无纺布', 'nonwoven fabric', ['熔喷布', '非织造布'], ['non-woven', 'spunbond', 'meltblown'], 'kg', [2, 5], 24],
  ['tshirts', '18', '610910', 'T恤', 't-shirts', ['短袖', '针织衫', '文化衫'], ['tee', 'tee shirt', 'knit tops'], 'piece', [2, 9], 25, ['cotton_yarn']],
  ['jackets', '18', '620193', '夹克', 'jackets', ['外套', '冲锋衣', '羽绒服'], ['coat', 'outerwear', 'down jacket', 'windbreaker'], 'piece', [12, 60], 25, ['polyester_fabric']],
  ['jeans', '18', '620342', '牛仔裤', 'jeans', ['牛仔服装', '裤子'], ['denim', 'trousers', 'pants'], 'piece', [6, 20], 25],
  ['dresses', '18', '620443', '连衣裙', 'dresses', ['女装', '裙子'], ['womenswear', 'skirts'], 'piece', [6, 30], 25, ['polyester_fabric']],
  ['socks', '18', '611595', '袜子', 'socks', ['棉袜', '丝袜'], ['hosiery', 'stockings'], 'pair', [0.5, 2], 25, ['cotton_yarn']],
  ['sneakers', '19', '640411', '运动鞋', 'sneakers', ['跑鞋', '休闲鞋', '鞋'], ['sports shoes', 'trainers', 'running shoes', 'footwear'], 'pair', [8, 35], 25, ['polyester_fabric', 'rubber_parts']],
  ['leather_shoes', '19', '640399', '皮鞋', 'leather shoes', ['男鞋', '女鞋'], ['dress shoes', 'boots'], 'pair', [15, 60], 25],
  ['handbags', '19', '420222', '手提包', 'handbags', ['箱包', '女包', '皮包'], ['bags', 'purses', 'totes'], 'piece', [5, 40], 18],
  ['luggage', '19', '420212', '拉杆箱', 'luggage', ['行李箱', '旅行箱'], ['suitcases', 'trolley cases', 'travel bags'], 'piece', [15, 70], 18, ['plastic_parts', 'aluminium_profiles']],
  // 20-24 wood, furniture, paper, stationery, toys, sport
  ['plywood', '20', '441231', '胶合板', 'plywood', ['板材', '多层板'], ['wood panels', 'laminated board'], 'm3', [250, 600], 19],
  ['bamboo_products', '20', '442191', '竹制品', 'bamboo products', ['竹木制品', '竹砧板'], ['bamboo', 'bamboo cutting board'], 'piece', [1, 10], 20],
  ['sofas', '21', '940161', '沙发', 'sofas', ['软体家具', '布艺沙发', '真皮沙发'], ['couch', 'upholstered furniture', 'sofa'], 'piece', [150, 900], 20, ['polyester_fabric', 'plywood']],
  ['office_chairs', '21', '940139', '办公椅', 'office chairs', ['电竞椅', '转椅'], ['gaming chair', 'swivel chair', 'ergonomic chair'], 'piece', [25, 150], 20, ['plastic_parts', 'steel_pipe']],
  ['wood_furniture', '21', '940360', '实木家具', 'wooden furniture', ['家具', '板式家具', '餐桌'], ['furniture', 'dining table', 'cabinets'], 'piece', [60, 600], 20, ['plywood']],
  ['mattresses', '21', '940429', '床垫', 'mattresses', ['弹簧床垫', '乳胶床垫'], ['mattress', 'spring mattress', 'memory foam'], 'piece', [60, 400], 20, ['polyester_fabric']],
  ['cartons', '22', '481910', '瓦楞纸箱', 'corrugated cartons', ['纸箱', '包装盒', '纸包装'], ['boxes', 'paper packaging', 'corrugated boxes'], 'piece', [0.2, 2], 16],
  ['tissue_paper', '22', '481810', '生活用纸', 'tissue paper', ['卫生纸', '纸巾'], ['toilet paper', 'tissues'], 'tonne', [900, 1800], 16],
  ['pens', '24', '960810', '圆珠笔', 'ballpoint pens', ['文具', '中性笔', '笔'], ['stationery', 'gel pens', 'pens'], 'piece', [0.05, 1], 16],
  ['toys', '24', '950300', '玩具', 'toys', ['毛绒玩具', '塑料玩具', '益智玩具'], ['plush toys', 'educational toys', 'kids toys'], 'piece', [1, 25], 28, ['plastic_parts', 'polyester_fabric']],
  ['fitness_equipment', '24', '950691', '健身器材', 'fitness equipment', ['跑步机', '哑铃', '运动器材'], ['treadmill', 'dumbbells', 'gym equipment', 'exercise equipment'], 'piece', [15, 600], 28, ['steel_pipe', 'electric_motors']],
  ['sports_balls', '24', '950662', '球类', 'inflatable balls', ['足球', '篮球', '排球'], ['football', 'basketball', 'soccer ball'], 'piece', [2, 12], 28],
  ['festive_goods', '24', '950590', '节日用品', 'festive articles', ['圣诞用品', '圣诞树', '派对用品'], ['christmas decorations', 'party supplies'], 'piece', [0.5, 30], 28],
  // 26-28 chemicals, medicines, fibres
  ['titanium_dioxide', '26', '320611', '钛白粉', 'titanium dioxide', ['二氧化钛', '颜料'], ['TiO2', 'white pigment'], 'tonne', [2200, 3500], 2],
  ['paints', '26', '320890', '涂料', 'paints and coatings', ['油漆', '工业涂料', '漆'], ['coatings', 'paint', 'varnish'], 'kg', [2, 8], 2, ['titanium_dioxide']],
  ['fertilizer', '26', '310210', '尿素', 'urea fertilizer', ['化肥', '肥料', '复合肥'], ['fertiliser', 'urea', 'fertilizer'], 'tonne', [250, 500], 1],
  ['pesticides', '26', '380891', '农药', 'pesticides', ['杀虫剂', '除草剂'], ['insecticide', 'herbicide', 'agrochemicals'], 'kg', [3, 20], 5],
  ['pvc_resin', '26', '390410', 'PVC树脂', 'PVC resin', ['聚氯乙烯', '塑料原料'], ['polyvinyl chloride', 'plastic resin'], 'tonne', [700, 1100], 1],
  ['api_antibiotics', '27', '294110', '抗生素原料药', 'antibiotic APIs', ['原料药', '青霉素', '医药中间体'], ['API', 'penicillin', 'active pharmaceutical ingredients'], 'kg', [20, 120], 5],
  ['vitamins', '27', '293627', '维生素C', 'vitamin C', ['维生素', '保健品原料'], ['vitamins', 'ascorbic acid'], 'kg', [3, 8], 5],
  ['tcm', '27', '300490', '中成药', 'traditional Chinese medicine', ['中药', '中药饮片'], ['TCM', 'herbal medicine'], 'box', [2, 30], 5],
  ['polyester_fiber', '28', '550320', '涤纶短纤', 'polyester staple fibre', ['化纤', '涤纶'], ['polyester fiber', 'PSF', 'synthetic fibre'], 'tonne', [900, 1400], 23],
  // 29-30 rubber, plastics, minerals
  ['tires', '29', '401110', '轮胎', 'car tyres', ['汽车轮胎', '子午线轮胎'], ['tires', 'tyres', 'radial tyres'], 'piece', [25, 120], 12],
  ['rubber_parts', '29', '401699', '橡胶制品', 'rubber parts', ['橡胶件', '密封圈'], ['rubber seals', 'gaskets', 'o-rings'], 'kg', [3, 12], 17],
  ['plastic_film', '29', '392010', '塑料薄膜', 'plastic film', ['包装膜', 'PE膜', '塑料包装'], ['packaging film', 'PE film', 'stretch film'], 'kg', [1.5, 4], 17, ['pvc_resin']],
  ['plastic_parts', '29', '392690', '塑料制品', 'plastic parts', ['注塑件', '塑料件'], ['injection moulded parts', 'plastic components'], 'kg', [2, 10], 17, ['pvc_resin']],
  ['plastic_houseware', '29', '392490', '塑料日用品', 'plastic household goods', ['收纳盒', '塑料餐具'], ['storage boxes', 'plastic kitchenware', 'housewares'], 'piece', [0.5, 10], 21],
  ['ceramic_tiles', '30', '690721', '瓷砖', 'ceramic tiles', ['地砖', '墙砖', '陶瓷砖'], ['floor tiles', 'porcelain tiles', 'wall tiles'], 'm2', [4, 15], 19],
  ['sanitary_ware', '30', '691010', '卫浴陶瓷', 'sanitary ceramics', ['马桶', '洗手盆', '卫浴'], ['toilets', 'wash basins', 'sanitaryware'], 'piece', [25, 150], 11],
  ['tableware', '30', '691200', '陶瓷餐具', 'ceramic tableware', ['餐具', '日用陶瓷', '碗碟'], ['dinnerware', 'plates', 'mugs'], 'set', [3, 40], 21],
  ['float_glass', '30', '700529', '浮法玻璃', 'float glass', ['玻璃', '平板玻璃'], ['glass', 'flat glass'], 'm2', [3, 9], 19],
  // 31-33 metals and metal products
  ['steel_coil', '31', '720839', '热轧卷板', 'hot-rolled steel coil', ['钢材', '卷板', '钢板'], ['steel', 'HRC', 'steel sheet'], 'tonne', [450, 700], 6],
  ['steel_pipe', '31', '730630', '焊接钢管', 'welded steel pipe', ['钢管', '管材'], ['steel tube', 'pipe'], 'tonne', [600, 1000], 6, ['steel_coil']],
  ['aluminium_profiles', '32', '760410', '铝型材', 'aluminium profiles', ['铝材', '铝合金型材'], ['aluminum extrusions', 'aluminum profiles', 'aluminium'], 'tonne', [2800, 4200], 6],
  ['copper_wire', '32', '740811', '铜线', 'copper wire', ['铜材', '电磁线'], ['copper', 'enamelled wire'], 'tonne', [8000, 11000], 6],
  ['hand_tools', '33', '820559', '手动工具', 'hand tools', ['五金工具', '扳手', '钳子', '五金'], ['hardware', 'spanners', 'pliers', 'tools'], 'piece', [1, 15], 8, ['steel_coil']],
  ['locks', '33', '830140', '锁具', 'locks', ['门锁', '挂锁', '智能锁'], ['padlocks', 'door locks', 'smart locks'], 'piece', [2, 40], 6],
  ['fasteners', '33', '731815', '紧固件', 'screws and bolts', ['螺丝', '螺栓', '标准件'], ['fasteners', 'bolts', 'screws'], 'kg', [1, 4], 6, ['steel_coil']],
  ['cookware', '33', '732393', '不锈钢厨具', 'stainless steel cookware', ['炊具', '锅具', '不锈钢锅'], ['pots and pans', 'kitchenware', 'cookware'], 'piece', [3, 30], 21, ['steel_coil']],
  ['door_hardware', '33', '830241', '门窗五金', 'door and window hardware', ['合页', '铰链', '拉手'], ['hinges', 'handles', 'builders hardware'], 'piece', [0.5, 8], 6],
  // 34-37 machinery and vehicles
  ['pumps', '34', '841370', '水泵', 'centrifugal pumps', ['泵', '离心泵', '潜水泵'], ['pumps', 'water pumps'], 'piece', [40, 800], 7, ['electric_motors', 'copper_wire']],
  ['valves', '34', '848180', '阀门', 'valves', ['闸阀', '球阀'], ['ball valves', 'gate valves'], 'piece', [5, 300], 6],
  ['bearings', '34', '848210', '轴承', 'ball bearings', ['滚动轴承', '深沟球轴承'], ['bearings', 'roller bearings'], 'piece', [0.5, 30], 7, ['steel_coil']],
  ['air_compressors', '34', '841480', '空压机', 'air compressors', ['压缩机', '空气压缩机'], ['compressor', 'screw compressor'], 'piece', [150, 5000], 7, ['electric_motors']],
  ['forklifts', '34', '842720', '叉车', 'forklift trucks', ['搬运设备', '电动叉车'], ['forklifts', 'lift trucks'], 'piece', [6000, 25000], 12, ['lithium_batteries', 'electric_motors', 'tires']],
  ['excavators', '35', '842952', '挖掘机', 'excavators', ['工程机械', '挖机'], ['construction machinery', 'diggers'], 'piece', [30000, 150000], 7, ['bearings', 'valves', 'steel_coil']],
  ['packaging_machines', '35', '842240', '包装机', 'packaging machines', ['包装机械', '灌装机'], ['filling machines', 'packing machinery'], 'piece', [3000, 60000], 7, ['electric_motors']],
  ['injection_machines', '35', '847710', '注塑机', 'injection moulding machines', ['塑料机械'], ['injection molding machines', 'plastics machinery'], 'piece', [15000, 120000], 7],
  ['medical_devices', '35', '901819', '医疗监护设备', 'patient monitors', ['医疗器械', '监护仪', '医疗设备'], ['medical devices', 'medical equipment', 'monitors'], 'piece', [300, 5000], 10, ['pcb', 'lcd_panels']],
  ['tractors', '35', '870195', '拖拉机', 'tractors', ['农机', '农业机械'], ['agricultural machinery', 'farm machinery'], 'piece', [5000, 40000], 12, ['tires', 'bearings']],
  ['electric_vehicles', '36', '870380', '新能源汽车', 'electric vehicles', ['电动汽车', '新能源车'], ['EV', 'electric cars', 'NEV'], 'piece', [12000, 45000], 12, ['lithium_batteries', 'electric_motors', 'tires', 'auto_parts']],
  ['auto_parts', '36', '870830', '汽车零部件', 'auto parts', ['刹车片', '汽配', '汽车配件'], ['brake pads', 'car parts', 'automotive parts'], 'piece', [3, 80], 12, ['steel_coil', 'rubber_parts']],
  ['e_bikes', '37', '871160', '电动自行车', 'electric bicycles', ['电动车', '电瓶车', '电单车'], ['e-bikes', 'ebike', 'electric bikes'], 'piece', [180, 900], 12, ['lithium_batteries', 'electric_motors', 'tires']],
  ['bicycles', '37', '871200', '自行车', 'bicycles', ['单车', '山地车'], ['bikes', 'mountain bikes'], 'piece', [40, 400], 12, ['steel_pipe', 'tires']],
  ['drones', '37', '880622', '无人机', 'drones', ['航拍器', '无人驾驶航空器'], ['UAV', 'quadcopter'], 'piece', [80, 3000], 12, ['lithium_batteries', 'pcb', 'camera_modules']],
  // 38 electrical
  ['lithium_batteries', '38', '850760', '锂电池', 'lithium-ion batteries', ['锂离子电池', '动力电池', '电池', '储能电池'], ['batteries', 'li-ion battery', 'battery packs', 'energy storage'], 'piece', [2, 3000], 9],
  ['solar_panels', '38', '854143', '光伏组件', 'solar panels', ['太阳能电池板', '光伏板', '太阳能'], ['photovoltaic modules', 'PV modules', 'solar modules'], 'piece', [60, 180], 9, ['float_glass', 'aluminium_profiles']],
  ['inverters', '38', '850440', '逆变器', 'inverters', ['光伏逆变器', '电源', '变频器'], ['solar inverters', 'power supplies', 'converters'], 'piece', [40, 2000], 9, ['pcb', 'chips']],
  ['electric_motors', '38', '850152', '电机', 'electric motors', ['电动机', '马达'], ['motors', 'AC motors'], 'piece', [20, 900], 7, ['copper_wire', 'bearings']],
  ['cables', '38', '854449', '电线电缆', 'electric cables', ['电缆', '电线'], ['wires', 'power cables', 'cable'], 'm', [0.2, 5], 9, ['copper_wire']],
  ['led_lighting', '38', '940542', 'LED灯具', 'LED lighting', ['灯具', '照明', 'LED灯', '路灯'], ['LED lights', 'lamps', 'luminaires', 'lighting'], 'piece', [1, 80], 11, ['pcb', 'aluminium_profiles']],
  ['air_conditioners', '38', '841510', '空调', 'air conditioners', ['家用空调', '制冷设备'], ['AC units', 'air conditioning'], 'piece', [150, 700], 11, ['copper_wire', 'electric_motors', 'pcb']],
  ['refrigerators', '38', '841821', '冰箱', 'refrigerators', ['电冰箱', '冰柜'], ['fridges', 'freezers'], 'piece', [120, 800], 11, ['copper_wire', 'electric_motors']],
  ['small_appliances', '38', '851679', '小家电', 'small kitchen appliances', ['空气炸锅', '电水壶', '厨房电器', '家电'], ['air fryers', 'kettles', 'home appliances'], 'piece', [8, 80], 11, ['pcb', 'plastic_parts']],
  ['hair_dryers', '38', '851631', '吹风机', 'hair dryers', ['电吹风', '个护电器'], ['hair dryer', 'personal care appliances'], 'piece', [5, 60], 11, ['electric_motors', 'plastic_parts']],
  ['electric_fans', '38', '841451', '电风扇', 'electric fans', ['风扇', '落地扇'], ['fans', 'desk fans'], 'piece', [6, 40], 11, ['electric_motors', 'plastic_parts']],
  // 39 electronics
  ['smartphones', '39', '851713', '智能手机', 'smartphones', ['手机', '移动电话'], ['mobile phones', 'cell phones', 'phones'], 'piece', [60, 600], 9, ['chips', 'pcb', 'lcd_panels', 'lithium_batteries', 'camera_modules']],
  ['laptops', '39', '847130', '笔记本电脑', 'laptops', ['电脑', '平板电脑', '笔记本'], ['notebooks', 'computers', 'tablets'], 'piece', [150, 1200], 9, ['chips', 'pcb', 'lcd_panels', 'lithium_batteries']],
  ['lcd_panels', '39', '852852', '显示屏', 'displays', ['液晶屏', '显示器', 'LCD屏', 'LED显示屏'], ['monitors', 'LCD panels', 'screens', 'LED display'], 'piece', [20, 400], 9, ['chips', 'pcb']],
  ['pcb', '39', '853400', '印制电路板', 'printed circuit boards', ['PCB', '线路板', '电路板'], ['PCB', 'circuit boards', 'PCBA'], 'm2', [20, 300], 9, ['copper_wire']],
  ['chips', '39', '854231', '集成电路', 'integrated circuits', ['芯片', '半导体', 'IC'], ['chips', 'semiconductors', 'microcontrollers', 'IC'], 'piece', [0.2, 50], 9],
  ['earphones', '39', '851830', '蓝牙耳机', 'bluetooth earphones', ['耳机', '无线耳机', '音响'], ['headphones', 'earbuds', 'headsets', 'speakers'], 'piece', [3, 60], 9, ['chips', 'lithium_batteries', 'plastic_parts']],
  ['security_cameras', '39', '852589', '安防摄像头', 'security cameras', ['监控摄像机', '摄像头', '安防'], ['CCTV', 'IP cameras', 'surveillance cameras'], 'piece', [10, 200], 9, ['camera_modules', 'chips', 'pcb']],
  ['camera_modules', '39', '852990', '摄像头模组', 'camera modules', ['摄像模组', '镜头模组'], ['camera module', 'image sensors module'], 'piece', [2, 40], 9, ['chips']],
  ['routers', '39', '851762', '路由器', 'routers', ['网络设备', '交换机', '通信设备'], ['network equipment', 'switches', 'wifi routers'], 'piece', [8, 300], 9, ['chips', 'pcb']],
  ['usb_cables', '39', '854442', '数据线', 'USB cables', ['充电线', '连接线', '充电器'], ['charging cables', 'chargers', 'connectors'], 'piece', [0.3, 5], 9, ['copper_wire']],
  // 40-42 instruments, other manufacturing, recycling
  ['measuring_instruments', '40', '903033', '测量仪器', 'measuring instruments', ['万用表', '仪器仪表', '检测仪器'], ['multimeters', 'test equipment', 'instruments'], 'piece', [10, 3000], 9, ['pcb', 'chips']],
  ['smart_meters', '40', '902830', '智能电表', 'smart electricity meters', ['电表', '电能表', '智能仪表'], ['electricity meters', 'smart meters', 'energy meters'], 'piece', [15, 120], 9, ['pcb', 'chips']],
  ['flow_meters', '40', '902610', '流量计', 'flow meters', ['水表', '流量仪表'], ['water meters', 'flowmeters'], 'piece', [20, 1500], 9, ['pcb']],
  ['wigs', '41', '670411', '假发', 'wigs', ['发制品', '假发套'], ['hair pieces', 'hair extensions', 'wigs'], 'piece', [5, 120], 26],
  ['recycled_plastics', '42', '391590', '再生塑料颗粒', 'recycled plastic pellets', ['再生料', '废塑料'], ['recycled plastics', 'plastic scrap', 'regrind'], 'tonne', [300, 900], 1],
  // services (no HS code, no trade records)
  ['software', '65', null, '软件开发', 'software development', ['软件', '信息系统', 'SaaS', '系统集成'], ['software', 'IT services', 'SaaS', 'system integration'], 'project', [5000, 200000], 42],
  ['freight_forwarding', '58', null, '国际货运代理', 'freight forwarding', ['货代', '物流', '跨境物流'], ['logistics', 'shipping', 'forwarder'], 'shipment', [200, 5000], 39],
  ['construction_services', '48', null, '工程施工', 'civil engineering works', ['建筑工程', '市政工程', '施工'], ['construction', 'civil works', 'infrastructure'], 'project', [50000, 5000000], 37],
];

export const PRODUCTS: readonly Product[] = ROWS.map(
  ([key, division, hs, zh, en, synonymsZh, synonymsEn, unit, priceUsd, nice, components = []]) => ({
    key,
    division,
    hs,
    zh,
    en,
    synonymsZh,
    synonymsEn,
    unit,
    priceUsd,
    nice,
    components,
  }),
);

const byKey = new Map(PRODUCTS.map((product) => [product.key, product]));

export function productByKey(key: string): Product | undefined {
  return byKey.get(key);
}

export function productsOfDivision(division: string): readonly Product[] {
  return PRODUCTS.filter((product) => product.division === division);
}
