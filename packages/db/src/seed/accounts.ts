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
  name: '演示用户',
  avatar: { type: 'color' as const, startColor: '#5b8cff', endColor: '#36cfc9' },
  state: 4,
};

export const DEMO_PERSON = {
  id: '00000000-0000-4000-8000-000000000002',
  ownerUserId: DEMO_USER.id,
  name: '演示检测人',
  gender: 'female' as const,
  birthday: { year: 1990, month: 5, day: 20, chooseLunarCalendar: false },
  birthplace: { province: { code: '11', name: '北京市' } },
};

export const DEMO_BOUND_KIT = { barcode: 'JY0000000300', productId: 'STANDARD_ANCESTRY', personId: DEMO_PERSON.id };
