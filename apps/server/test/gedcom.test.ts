import { describe, expect, it } from 'vitest';
import { GedcomError, parseGedcom, writeGedcom } from '../src/trees/gedcom.ts';

/** The GEDCOM reader and writer alone (the API tests run them through the import job). */
describe('GEDCOM reader and writer', () => {
  it('reads a GEDCOM 7.0 file: SNOTE and @VOID@ pointers are reported, CONT notes joined, X sex read as unknown', () => {
    const text = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '0 @N1@ SNOTE 共享备注',
      '0 @I1@ INDI',
      '1 NAME 德福 /王/',
      '1 SEX X',
      '1 BIRT',
      '2 DATE ABT 1894',
      '2 PLAC 天河区, 广州市, 广东省, 中国',
      '1 NOTE 第一行',
      '2 CONT 第二行',
      '0 @I2@ INDI',
      '1 NAME 秀英 /李/',
      '1 SEX F',
      '1 DEAT Y',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 CHIL @VOID@',
      '0 TRLR',
    ].join('\n');
    const r = parseGedcom(text, 2026);
    expect(r.report.version).toBe('7.0');
    expect(r.persons[0]).toMatchObject({
      surname: '王',
      givenName: '德福',
      sex: 'unknown',
      birth: { year: 1894 },
      birthPlace: { province: { name: '广东省' }, city: { name: '广州市' }, district: { name: '天河区' } },
      notes: '第一行\n第二行',
      living: false,
    });
    expect(r.persons[1]).toMatchObject({ surname: '李', living: false, death: null });
    expect(r.families).toEqual([{ xref: '@F1@', partners: ['@I1@', '@I2@'], children: [] }]);
    expect(r.report.skipped.map((s) => s.reason)).toEqual([
      'SNOTE 记录未导入',
      '日期“ABT 1894”只保留了年份或起始日期',
      '引用了不存在的个人 @VOID@，该关系未导入',
    ]);
  });

  it('refuses a file that is not GEDCOM, or skips a level, naming the line', () => {
    expect(() => parseGedcom('hello\n', 2026)).toThrow(new GedcomError(1, '无法识别“hello”，应为“层级 [@编号@] 标签 [值]”'));
    expect(() => parseGedcom('0 @I1@ INDI\n0 TRLR\n', 2026)).toThrow('第 1 行：不是 GEDCOM 文件：第一条记录必须是 HEAD');
    expect(() => parseGedcom('0 HEAD\n1 GEDC\n3 VERS 5.5.1\n', 2026)).toThrow('第 3 行：层级 3 跳过了上一层（上一行的层级是 1）');
  });

  it('writes lunar, leap-month and reign dates so that they read back the same, with the Gregorian date for other programs', () => {
    const base = { courtesyName: '', artName: '', living: false, birthPlace: null, notes: '', death: null };
    const text = writeGedcom(
      '测试',
      [
        {
          ...base,
          id: 'a',
          surname: '王',
          givenName: '甲',
          sex: 'male',
          birth: { year: 2023, month: -2, day: 10, chooseLunarCalendar: true },
        },
        {
          ...base,
          id: 'b',
          surname: '王',
          givenName: '乙',
          sex: 'male',
          birth: { year: 1894, dynasty: { reign: '光绪', year: 20 }, chooseLunarCalendar: false },
        },
      ],
      [{ kind: 'parent', from: 'b', to: 'a' }],
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(text).toContain('2 DATE 31 MAR 2023\n2 _LUNAR 2023 -2 10');
    expect(text).toContain('2 DATE 1894\n2 _REIGN 光绪 20');
    const back = parseGedcom(text, 2026);
    expect(back.persons.map((p) => p.birth)).toEqual([
      { year: 2023, month: -2, day: 10, chooseLunarCalendar: true },
      { year: 1894, month: undefined, day: undefined, chooseLunarCalendar: false, dynasty: { reign: '光绪', year: 20 } },
    ]);
    expect(back.families).toEqual([{ xref: '@F1@', partners: ['@I2@'], children: ['@I1@'] }]);
    expect(back.report.skipped).toEqual([]);
  });
});
