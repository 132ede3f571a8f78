// Where each kind of industry sits in China: a weight per province for each industry cluster,
// used by the demo generator so that its province densities follow real industrial geography
// (electronics led by Guangdong, textiles by Zhejiang and Jiangsu, steel by Hebei, and so on).
//
// Source: approximate, rounded shares of industrial enterprises above designated size by province
// and industry, after the NBS China Statistical Yearbook (2023 edition, industry chapter) and the
// Fourth National Economic Census (2018). They keep the order and rough size of the leading
// provinces; they are not exact statistics, and only shape the synthetic demo data.

/** ISO 3166-2:CN suffix -> GB/T 2260 code, to keep the tables below readable. */
const CODE: Readonly<Record<string, string>> = {
  BJ: '110000',
  TJ: '120000',
  HE: '130000',
  SX: '140000',
  NM: '150000',
  LN: '210000',
  JL: '220000',
  HL: '230000',
  SH: '310000',
  JS: '320000',
  ZJ: '330000',
  AH: '340000',
  FJ: '350000',
  JX: '360000',
  SD: '370000',
  HA: '410000',
  HB: '420000',
  HN: '430000',
  GD: '440000',
  GX: '450000',
  HI: '460000',
  CQ: '500000',
  SC: '510000',
  GZ: '520000',
  YN: '530000',
  XZ: '540000',
  SN: '610000',
  GS: '620000',
  QH: '630000',
  NX: '640000',
  XJ: '650000',
};

/** Share of all enterprises, every province: the floor under each cluster so no province is empty. */
const BASELINE =
  'GD 13 JS 11 ZJ 9 SD 8 HA 5 HE 4 SC 5 HB 4 HN 4 FJ 5 AH 4 SH 4 BJ 4 CQ 2 JX 3 SN 2 LN 2 GX 2 YN 2 TJ 1.5 SX 1.5 GZ 1.5 HL 1 JL 1 NM 1 XJ 1 GS 0.8 HI 0.6 NX 0.3 QH 0.2 XZ 0.1';

export const CLUSTERS = {
  electronics: 'GD 32 JS 15 ZJ 7 SH 5 FJ 3 SD 4 SC 4 AH 4 HB 3 HN 3 JX 4 HA 2 CQ 3 BJ 3 TJ 1 SN 2',
  electrical: 'GD 22 ZJ 16 JS 15 SD 7 AH 5 FJ 3 SH 3 HB 3 HN 3 JX 3 HA 3 SC 2 HE 3 TJ 2',
  textiles: 'ZJ 25 JS 21 GD 10 FJ 8 SD 10 HA 4 HB 4 AH 3 JX 3 HE 3 XJ 1 SC 1',
  apparel: 'GD 22 ZJ 18 FJ 14 JS 12 SD 8 JX 4 HA 4 AH 3 HB 3 HN 2 HE 2',
  machinery: 'JS 18 ZJ 16 SD 13 GD 12 HE 5 HA 5 AH 5 SH 3 LN 4 HB 3 HN 3 FJ 2 SC 3 CQ 2 TJ 2',
  vehicles: 'ZJ 11 JS 10 GD 9 SD 8 HB 7 CQ 6 AH 6 SH 5 JL 4 HA 4 HE 4 LN 3 SC 3 TJ 3 GX 3 FJ 2 JX 2',
  chemicals: 'SD 18 JS 16 ZJ 10 GD 7 HE 5 HB 5 HA 4 SC 4 AH 3 LN 3 NM 3 JX 3 SN 2 XJ 2 FJ 2 NX 1',
  pharma: 'JS 12 SD 11 ZJ 9 GD 8 SC 6 HB 5 HA 5 HE 5 BJ 5 SH 4 JL 4 JX 4 AH 3 HN 3 YN 2 GZ 2',
  steel: 'HE 25 JS 13 SD 10 LN 8 SX 4 TJ 4 HB 4 HA 4 ZJ 4 AH 3 GD 3 JX 3 NM 3 SC 2 FJ 2 GX 2',
  nonferrous: 'JX 10 SD 10 HA 8 JS 8 GD 8 ZJ 7 HN 7 YN 6 GX 5 GS 4 AH 4 NM 4 SC 3 LN 3 QH 2 NX 2 XJ 2',
  metal_products: 'ZJ 20 GD 18 JS 16 SD 10 HE 7 FJ 3 AH 3 HA 3 TJ 3 SH 3 HB 2 HN 2',
  furniture: 'GD 24 ZJ 14 SD 10 JS 9 FJ 7 SC 5 GX 5 JX 4 HE 4 AH 3 HA 3 HB 2',
  toys: 'GD 34 ZJ 16 JS 10 FJ 9 SD 7 HA 4 AH 3 HE 3 JX 2',
  plastics: 'GD 17 ZJ 16 JS 14 SD 12 HE 5 FJ 4 AH 4 HA 3 SH 3 TJ 2',
  minerals: 'GD 11 SD 10 JS 8 HA 7 HE 7 FJ 7 ZJ 6 SC 5 HB 5 HN 5 JX 5 AH 4 GX 3',
  food: 'SD 12 HA 9 GD 8 SC 7 HB 6 JS 6 FJ 5 HN 5 HE 5 AH 5 HL 4 ZJ 4 JL 3 LN 3 GX 3 YN 3 NM 3 GZ 3',
  software: 'BJ 24 GD 17 SH 10 JS 10 ZJ 9 SC 5 SD 4 HB 4 FJ 3 SN 3 AH 2 HN 2 CQ 2 TJ 2 LN 2',
  trade: 'GD 18 ZJ 14 JS 10 SH 10 SD 8 FJ 6 BJ 6 TJ 3 LN 3 HB 3 HN 3 SC 3 HA 3 AH 3',
  construction: 'JS 14 ZJ 10 GD 8 SD 7 HB 6 SC 6 FJ 5 HN 5 HA 5 BJ 4 SH 4 AH 4 CQ 3 SN 3',
} as const;

export type Cluster = keyof typeof CLUSTERS;

function parse(table: string): Map<string, number> {
  const parts = table.split(/\s+/);
  const weights = new Map<string, number>();
  for (let i = 0; i < parts.length; i += 2) {
    const code = CODE[parts[i]!];
    if (!code) throw new Error(`unknown province ${parts[i]}`);
    weights.set(code, Number(parts[i + 1]));
  }
  return weights;
}

function normalise(weights: Map<string, number>): Map<string, number> {
  const total = [...weights.values()].reduce((sum, value) => sum + value, 0);
  return new Map([...weights].map(([code, value]) => [code, value / total]));
}

const baseline = normalise(parse(BASELINE));

/**
 * Probability of each of the 31 provinces for a cluster: 90% the cluster's own table and 10% the
 * all-enterprise baseline, so that every province has some companies in every industry.
 */
export function provinceWeights(cluster: Cluster): ReadonlyMap<string, number> {
  const own = normalise(parse(CLUSTERS[cluster]));
  const mixed = new Map<string, number>();
  for (const code of Object.values(CODE)) {
    mixed.set(code, 0.9 * (own.get(code) ?? 0) + 0.1 * (baseline.get(code) ?? 0));
  }
  return mixed;
}
