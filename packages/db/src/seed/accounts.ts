import type { PersonBirthplace } from '../schema/persons.ts';

/**
 * The demo account: +86 19900000000, password `jiyin-demo-2026` (README "Demo accounts"). The hash is
 * argon2id with the server's parameters, stored precomputed so the database package needs no hasher.
 * It owns one person with the bound kit JY0000000300, so the user area has something to show.
 */
export const DEMO_USER = {
  id: '00000000-0000-4000-8000-000000000001',
  nationCode: '86',
  phone: '19900000000',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$UF/Q4GI2TOykJxOimm0Z1g$GZ/60t/ylS/vdigIKx430uAEy4aLvkz/QEKMzyvqSQA',
  name: '林晓雯',
  avatar: { type: 'color' as const, startColor: '#5b8cff', endColor: '#36cfc9' },
  state: 4,
};

export const DEMO_PERSON = {
  id: '00000000-0000-4000-8000-000000000002',
  ownerUserId: DEMO_USER.id,
  name: '林晓雯',
  gender: 'female' as const,
  birthday: { year: 1990, month: 5, day: 20, chooseLunarCalendar: false },
  birthplace: { province: { code: '11', name: '北京市' } },
};

export const DEMO_BOUND_KIT = { barcode: 'JY0000000300', productId: 'STANDARD_ANCESTRY', personId: DEMO_PERSON.id };

const region = (province: [string, string], city: [string, string]): PersonBirthplace => ({
  province: { code: province[0], name: province[1] },
  city: { code: city[0], name: city[1] },
});
const FUJIAN: [string, string] = ['35', '福建省'];

/**
 * The demo person's simulated family (gene relatives, §2.2): demo accounts +86 19900000001–05 (same
 * password as the demo account) whose persons' genomes come, like the demo person's, from one run of
 * the engine's 'extended-family' pedigree (`role` is the simulated person). All of them have joined
 * gene relatives, so the demo account's list shows a brother, an aunt, a first and a second cousin
 * with their grades; the two unrelated people match no one. The aunt also manages her son's person.
 */
export const DEMO_RELATIVE_USERS = [
  { id: '00000000-0000-4000-8000-000000000011', phone: '19900000001', name: '林晓峰' },
  { id: '00000000-0000-4000-8000-000000000012', phone: '19900000002', name: '林秀英' },
  { id: '00000000-0000-4000-8000-000000000013', phone: '19900000003', name: '林志明' },
  { id: '00000000-0000-4000-8000-000000000014', phone: '19900000004', name: '王建华' },
  { id: '00000000-0000-4000-8000-000000000015', phone: '19900000005', name: '赵雅琴' },
].map((u, i) => ({
  ...u,
  nationCode: '86',
  passwordHash: DEMO_USER.passwordHash,
  avatar: { type: 'color' as const, startColor: ['#36cfc9', '#ff85c0', '#597ef7', '#95de64', '#ffc53d'][i], endColor: '#5b8cff' },
  state: 4,
}));

export interface DemoFamilyMember {
  role: string;
  person: { id: string; ownerUserId: string; name: string; gender: 'male' | 'female'; birthplace: PersonBirthplace | null };
  barcode: string;
  /** The person's showFullName privacy switch. */
  showFullName: boolean;
  /** The kit's product when it is not the standard one: a demo of a lower-tier customer who can upgrade (/buy/upgrade). */
  productId?: string;
  /**
   * The raw file's name as a customer would see it: the lab's export for a kit, else the vendor's
   * download (23andMe: genome_<name>_v5_Full_<time>.txt, AncestryDNA: AncestryDNA.txt), matching the
   * chip in apps/server/src/imports/demo.ts. A person's
   * file is imported once per name: give a new name when the demo genomes change.
   */
  fileName: string;
}

const relative = (
  n: number,
  owner: number,
  role: string,
  name: string,
  gender: 'male' | 'female',
  birthplace: PersonBirthplace,
  showFullName: boolean,
  fileName: string,
): DemoFamilyMember => ({
  role,
  person: { id: `00000000-0000-4000-8000-00000000002${n}`, ownerUserId: DEMO_RELATIVE_USERS[owner].id, name, gender, birthplace },
  barcode: `JY000000030${n}`,
  showFullName,
  fileName,
});

export const DEMO_FAMILY: DemoFamilyMember[] = [
  {
    role: 'daughter',
    person: DEMO_PERSON,
    barcode: DEMO_BOUND_KIT.barcode,
    showFullName: false,
    // The lab's export of her kit's chip data (the report brands it as that kit).
    fileName: `${DEMO_BOUND_KIT.barcode}_原始数据_GRCh37.txt`,
  },
  relative(1, 0, 'son', '林晓峰', 'male', region(FUJIAN, ['3505', '泉州市']), true, 'genome_Xiaofeng_Lin_v5_Full_20250402201533.txt'),
  relative(2, 1, 'aunt', '林秀英', 'female', region(FUJIAN, ['3502', '厦门市']), false, 'AncestryDNA.txt'),
  // Two ancestry-only customers (v12): the upgrade to the standard report has someone to show it on.
  {
    ...relative(3, 1, 'cousin', '陈子涵', 'male', region(['44', '广东省'], ['4401', '广州市']), true, 'AncestryDNA.txt'),
    productId: 'ANCESTRY',
  },
  {
    ...relative(
      4,
      2,
      'second-cousin',
      '林志明',
      'male',
      region(FUJIAN, ['3505', '泉州市']),
      false,
      'genome_Zhiming_Lin_v5_Full_20241119075846.txt',
    ),
    productId: 'ANCESTRY',
  },
  relative(5, 3, 'unrelated1', '王建华', 'male', region(['37', '山东省'], ['3701', '济南市']), true, 'AncestryDNA.txt'),
  relative(
    6,
    4,
    'unrelated2',
    '赵雅琴',
    'female',
    region(['51', '四川省'], ['5101', '成都市']),
    false,
    'genome_Yaqin_Zhao_v5_Full_20250108154210.txt',
  ),
];

/** The demo account's one referral reward (fen): what its balance pages show and a withdrawal can spend. */
export const DEMO_REWARD = {
  txId: 'demo-reward-v9',
  amount: 3000,
  /** The wallet's rewards account (apps/server wallet/ledger.ts REWARDS_ACCOUNT). */
  rewardsAccount: 'platform:rewards',
  at: '2026-11-01T02:00:00Z',
} as const;
