/** Deterministic pseudo-random numbers (mulberry32) and bilingual-looking names for the demo data. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export const SURNAMES: readonly [string, string][] = [
  ["王", "Wang"],
  ["李", "Li"],
  ["张", "Zhang"],
  ["刘", "Liu"],
  ["陈", "Chen"],
  ["杨", "Yang"],
  ["黄", "Huang"],
  ["赵", "Zhao"],
  ["吴", "Wu"],
  ["周", "Zhou"],
  ["徐", "Xu"],
  ["孙", "Sun"],
  ["马", "Ma"],
  ["朱", "Zhu"],
  ["胡", "Hu"],
  ["郭", "Guo"],
  ["何", "He"],
  ["林", "Lin"],
  ["罗", "Luo"],
  ["高", "Gao"],
  ["郑", "Zheng"],
  ["梁", "Liang"],
];
const GIVEN_GIRL = ["欣怡", "梓萱", "一诺", "雨桐", "若曦", "嘉怡", "可馨", "诗涵", "语嫣", "思琪", "梦瑶", "佳琪"];
const GIVEN_BOY = ["浩然", "宇轩", "子墨", "思远", "沐阳", "俊熙", "天佑", "博文", "子轩", "皓轩", "奕辰", "明哲"];
const EN_GIRL = ["Emma", "Olivia", "Ava", "Sophia", "Mia", "Chloe", "Lily", "Grace", "Ella", "Zoe", "Amy", "Ruby"];
const EN_BOY = ["Lucas", "Leo", "Ethan", "Noah", "Oliver", "Max", "Ryan", "Jack", "Daniel", "Henry", "Oscar", "Sam"];
const ADULT_GIVEN = ["静", "伟", "芳", "磊", "敏", "婷", "强", "丽", "军", "洁", "涛", "燕", "娜", "鹏", "霞", "杰"];
const FOREIGN = ["Sarah Johnson", "Michael Brown", "Emily Clark", "David Wilson", "Laura Martin", "James Taylor", "Anna Schmidt", "Tom Evans"];

export function childName(r: Rng) {
  const [zh, en] = r.pick(SURNAMES);
  const girl = r.chance(0.5);
  return {
    name: zh + r.pick(girl ? GIVEN_GIRL : GIVEN_BOY),
    englishName: `${r.pick(girl ? EN_GIRL : EN_BOY)} ${en}`,
    gender: (girl ? "female" : "male") as "female" | "male",
    surname: zh,
  };
}

export function adultName(r: Rng, surname?: string) {
  return (surname ?? r.pick(SURNAMES)[0]) + r.pick(ADULT_GIVEN);
}

export const foreignName = (r: Rng) => r.pick(FOREIGN);

export const LEVEL_NAMES = {
  pre: { zh: "托", en: "Pre" },
  junior: { zh: "小", en: "Junior" },
  middle: { zh: "中", en: "Middle" },
  senior: { zh: "大", en: "Senior" },
} as const;
export const ZH_NUM = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
