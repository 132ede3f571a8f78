// The characters build.naming composes new 字号 (trade names) from, with what each means in both
// languages and an English morpheme for meaning-based English names. Chosen from characters
// common in Chinese trade names for their positive, business-appropriate meanings.

export interface NameChar {
  readonly ch: string;
  /** What it stands for, as a Chinese naming rationale would put it. */
  readonly zh: string;
  readonly en: string;
  /** A Latin root carrying the meaning, for coined English names ("lux" for 光). */
  readonly root: string;
}

const c = (ch: string, zh: string, en: string, root: string): NameChar => ({ ch, zh, en, root });

export const NAME_CHARS: readonly NameChar[] = [
  c('睿', '睿智', 'wisdom', 'sage'),
  c('拓', '开拓', 'pioneering', 'pion'),
  c('启', '开启', 'opening new ground', 'nova'),
  c('瀚', '浩瀚', 'vastness', 'vast'),
  c('澜', '波澜壮阔', 'great waves', 'wave'),
  c('晟', '光明兴盛', 'brightness and prosperity', 'lumi'),
  c('宸', '宏大气度', 'grandeur', 'regal'),
  c('朗', '明朗', 'clarity', 'clar'),
  c('锦', '锦绣前程', 'a brilliant future', 'bril'),
  c('航', '远航', 'voyaging far', 'nav'),
  c('卓', '卓越', 'excellence', 'exa'),
  c('越', '超越', 'surpassing', 'ultra'),
  c('远', '行稳致远', 'going far', 'far'),
  c('芯', '核心技术', 'core technology', 'core'),
  c('嘉', '嘉美', 'excellence and beauty', 'bella'),
  c('峰', '登峰', 'reaching the summit', 'peak'),
  c('源', '源头活水', 'a living source', 'fons'),
  c('衡', '均衡稳健', 'balance', 'equi'),
  c('致', '精益求精', 'precision', 'preci'),
  c('钧', '千钧之力', 'strength', 'valor'),
  c('骏', '骏马奔腾', 'speed', 'velo'),
  c('曜', '闪耀', 'radiance', 'radi'),
  c('禾', '生生不息', 'growth', 'viri'),
  c('泓', '深广', 'depth', 'deep'),
  c('昊', '广阔天空', 'the open sky', 'sky'),
  c('铭', '铭记信誉', 'lasting trust', 'fidel'),
  c('数', '数字化', 'digital strength', 'digi'),
  c('智', '智能', 'intelligence', 'intel'),
  c('优', '优质', 'quality', 'opti'),
  c('诚', '诚信', 'integrity', 'vera'),
  c('和', '和谐共赢', 'harmony', 'harmo'),
  c('泰', '安泰', 'peace and stability', 'stabil'),
  c('恒', '恒久', 'endurance', 'dura'),
  c('盛', '兴盛', 'prosperity', 'pros'),
  c('达', '通达', 'reach', 'reach'),
  c('星', '星辰', 'stars', 'stella'),
  c('光', '光明', 'light', 'lux'),
  c('创', '创新', 'innovation', 'inno'),
];

const byChar = new Map(NAME_CHARS.map((n) => [n.ch, n]));

export function nameChar(ch: string): NameChar | undefined {
  return byChar.get(ch);
}
