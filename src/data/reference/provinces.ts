// The 31 provincial-level divisions of mainland China with their GB/T 2260 codes, zh and en names,
// and their main prefecture-level cities (the demo generator places companies in these).
// Source: GB/T 2260 administrative division codes as published by the Ministry of Civil Affairs.

export interface City {
  readonly zh: string;
  readonly en: string;
}

export interface Province {
  /** GB/T 2260 six-digit code, e.g. "330000". */
  readonly code: string;
  /** Full official name, e.g. "浙江省", "广西壮族自治区". */
  readonly zh: string;
  /** Short form used in company names and everyday speech, e.g. "浙江", "广西". */
  readonly short: string;
  readonly en: string;
  readonly cities: readonly City[];
}

const c = (zh: string, en: string): City => ({ zh, en });

export const PROVINCES: readonly Province[] = [
  { code: '110000', zh: '北京市', short: '北京', en: 'Beijing', cities: [c('北京', 'Beijing')] },
  { code: '120000', zh: '天津市', short: '天津', en: 'Tianjin', cities: [c('天津', 'Tianjin')] },
  {
    code: '130000',
    zh: '河北省',
    short: '河北',
    en: 'Hebei',
    cities: [
      c('石家庄', 'Shijiazhuang'),
      c('唐山', 'Tangshan'),
      c('保定', 'Baoding'),
      c('沧州', 'Cangzhou'),
      c('邢台', 'Xingtai'),
      c('廊坊', 'Langfang'),
    ],
  },
  {
    code: '140000',
    zh: '山西省',
    short: '山西',
    en: 'Shanxi',
    cities: [c('太原', 'Taiyuan'), c('大同', 'Datong'), c('长治', 'Changzhi'), c('晋城', 'Jincheng')],
  },
  {
    code: '150000',
    zh: '内蒙古自治区',
    short: '内蒙古',
    en: 'Inner Mongolia',
    cities: [c('呼和浩特', 'Hohhot'), c('包头', 'Baotou'), c('鄂尔多斯', 'Ordos'), c('赤峰', 'Chifeng')],
  },
  {
    code: '210000',
    zh: '辽宁省',
    short: '辽宁',
    en: 'Liaoning',
    cities: [c('沈阳', 'Shenyang'), c('大连', 'Dalian'), c('鞍山', 'Anshan'), c('营口', 'Yingkou')],
  },
  {
    code: '220000',
    zh: '吉林省',
    short: '吉林',
    en: 'Jilin',
    cities: [c('长春', 'Changchun'), c('吉林', 'Jilin'), c('四平', 'Siping')],
  },
  {
    code: '230000',
    zh: '黑龙江省',
    short: '黑龙江',
    en: 'Heilongjiang',
    cities: [c('哈尔滨', 'Harbin'), c('大庆', 'Daqing'), c('齐齐哈尔', 'Qiqihar'), c('牡丹江', 'Mudanjiang')],
  },
  { code: '310000', zh: '上海市', short: '上海', en: 'Shanghai', cities: [c('上海', 'Shanghai')] },
  {
    code: '320000',
    zh: '江苏省',
    short: '江苏',
    en: 'Jiangsu',
    cities: [
      c('南京', 'Nanjing'),
      c('苏州', 'Suzhou'),
      c('无锡', 'Wuxi'),
      c('常州', 'Changzhou'),
      c('南通', 'Nantong'),
      c('徐州', 'Xuzhou'),
      c('扬州', 'Yangzhou'),
      c('泰州', 'Taizhou'),
    ],
  },
  {
    code: '330000',
    zh: '浙江省',
    short: '浙江',
    en: 'Zhejiang',
    cities: [
      c('杭州', 'Hangzhou'),
      c('宁波', 'Ningbo'),
      c('温州', 'Wenzhou'),
      c('金华', 'Jinhua'),
      c('台州', 'Taizhou'),
      c('绍兴', 'Shaoxing'),
      c('嘉兴', 'Jiaxing'),
      c('湖州', 'Huzhou'),
    ],
  },
  {
    code: '340000',
    zh: '安徽省',
    short: '安徽',
    en: 'Anhui',
    cities: [
      c('合肥', 'Hefei'),
      c('芜湖', 'Wuhu'),
      c('马鞍山', "Ma'anshan"),
      c('滁州', 'Chuzhou'),
      c('安庆', 'Anqing'),
    ],
  },
  {
    code: '350000',
    zh: '福建省',
    short: '福建',
    en: 'Fujian',
    cities: [
      c('福州', 'Fuzhou'),
      c('厦门', 'Xiamen'),
      c('泉州', 'Quanzhou'),
      c('漳州', 'Zhangzhou'),
      c('莆田', 'Putian'),
    ],
  },
  {
    code: '360000',
    zh: '江西省',
    short: '江西',
    en: 'Jiangxi',
    cities: [c('南昌', 'Nanchang'), c('赣州', 'Ganzhou'), c('九江', 'Jiujiang'), c('上饶', 'Shangrao')],
  },
  {
    code: '370000',
    zh: '山东省',
    short: '山东',
    en: 'Shandong',
    cities: [
      c('济南', 'Jinan'),
      c('青岛', 'Qingdao'),
      c('烟台', 'Yantai'),
      c('潍坊', 'Weifang'),
      c('淄博', 'Zibo'),
      c('临沂', 'Linyi'),
      c('威海', 'Weihai'),
    ],
  },
  {
    code: '410000',
    zh: '河南省',
    short: '河南',
    en: 'Henan',
    cities: [
      c('郑州', 'Zhengzhou'),
      c('洛阳', 'Luoyang'),
      c('新乡', 'Xinxiang'),
      c('许昌', 'Xuchang'),
      c('南阳', 'Nanyang'),
    ],
  },
  {
    code: '420000',
    zh: '湖北省',
    short: '湖北',
    en: 'Hubei',
    cities: [c('武汉', 'Wuhan'), c('襄阳', 'Xiangyang'), c('宜昌', 'Yichang'), c('十堰', 'Shiyan')],
  },
  {
    code: '430000',
    zh: '湖南省',
    short: '湖南',
    en: 'Hunan',
    cities: [c('长沙', 'Changsha'), c('株洲', 'Zhuzhou'), c('湘潭', 'Xiangtan'), c('岳阳', 'Yueyang')],
  },
  {
    code: '440000',
    zh: '广东省',
    short: '广东',
    en: 'Guangdong',
    cities: [
      c('广州', 'Guangzhou'),
      c('深圳', 'Shenzhen'),
      c('东莞', 'Dongguan'),
      c('佛山', 'Foshan'),
      c('中山', 'Zhongshan'),
      c('惠州', 'Huizhou'),
      c('汕头', 'Shantou'),
      c('江门', 'Jiangmen'),
    ],
  },
  {
    code: '450000',
    zh: '广西壮族自治区',
    short: '广西',
    en: 'Guangxi',
    cities: [c('南宁', 'Nanning'), c('柳州', 'Liuzhou'), c('桂林', 'Guilin'), c('玉林', 'Yulin')],
  },
  {
    code: '460000',
    zh: '海南省',
    short: '海南',
    en: 'Hainan',
    cities: [c('海口', 'Haikou'), c('三亚', 'Sanya')],
  },
  { code: '500000', zh: '重庆市', short: '重庆', en: 'Chongqing', cities: [c('重庆', 'Chongqing')] },
  {
    code: '510000',
    zh: '四川省',
    short: '四川',
    en: 'Sichuan',
    cities: [c('成都', 'Chengdu'), c('绵阳', 'Mianyang'), c('德阳', 'Deyang'), c('宜宾', 'Yibin')],
  },
  {
    code: '520000',
    zh: '贵州省',
    short: '贵州',
    en: 'Guizhou',
    cities: [c('贵阳', 'Guiyang'), c('遵义', 'Zunyi'), c('六盘水', 'Liupanshui')],
  },
  {
    code: '530000',
    zh: '云南省',
    short: '云南',
    en: 'Yunnan',
    cities: [c('昆明', 'Kunming'), c('曲靖', 'Qujing'), c('玉溪', 'Yuxi')],
  },
  {
    code: '540000',
    zh: '西藏自治区',
    short: '西藏',
    en: 'Tibet',
    cities: [c('拉萨', 'Lhasa'), c('日喀则', 'Shigatse')],
  },
  {
    code: '610000',
    zh: '陕西省',
    short: '陕西',
    en: 'Shaanxi',
    cities: [c('西安', "Xi'an"), c('宝鸡', 'Baoji'), c('咸阳', 'Xianyang'), c('榆林', 'Yulin')],
  },
  {
    code: '620000',
    zh: '甘肃省',
    short: '甘肃',
    en: 'Gansu',
    cities: [c('兰州', 'Lanzhou'), c('天水', 'Tianshui'), c('酒泉', 'Jiuquan')],
  },
  {
    code: '630000',
    zh: '青海省',
    short: '青海',
    en: 'Qinghai',
    cities: [c('西宁', 'Xining'), c('海东', 'Haidong')],
  },
  {
    code: '640000',
    zh: '宁夏回族自治区',
    short: '宁夏',
    en: 'Ningxia',
    cities: [c('银川', 'Yinchuan'), c('石嘴山', 'Shizuishan'), c('吴忠', 'Wuzhong')],
  },
  {
    code: '650000',
    zh: '新疆维吾尔自治区',
    short: '新疆',
    en: 'Xinjiang',
    cities: [c('乌鲁木齐', 'Urumqi'), c('克拉玛依', 'Karamay'), c('昌吉', 'Changji')],
  },
];

const byCode = new Map(PROVINCES.map((province) => [province.code, province]));

export function provinceByCode(code: string): Province | undefined {
  return byCode.get(code);
}
