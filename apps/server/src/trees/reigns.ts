import type { ReignView } from '@jiyin/contracts/treesApi';

/**
 * Reign eras (年号) of the Ming and Qing and the Republic's era (民国纪年): first western year and the
 * number of years each was used. Facts, typed from the sources named in SOURCES.md beside this file.
 * The first year of an era is the lunar year it began in; a reign year is read as the western year in
 * which most of that lunar year fell (start + n - 1), as genealogies conventionally convert them.
 */
export const REIGNS: readonly ReignView[] = [
  ['明', '洪武', 1368, 31],
  ['明', '建文', 1399, 4],
  ['明', '永乐', 1403, 22],
  ['明', '洪熙', 1425, 1],
  ['明', '宣德', 1426, 10],
  ['明', '正统', 1436, 14],
  ['明', '景泰', 1450, 8],
  ['明', '天顺', 1457, 8],
  ['明', '成化', 1465, 23],
  ['明', '弘治', 1488, 18],
  ['明', '正德', 1506, 16],
  ['明', '嘉靖', 1522, 45],
  ['明', '隆庆', 1567, 6],
  ['明', '万历', 1573, 48],
  ['明', '泰昌', 1620, 1],
  ['明', '天启', 1621, 7],
  ['明', '崇祯', 1628, 17],
  ['清', '顺治', 1644, 18],
  ['清', '康熙', 1662, 61],
  ['清', '雍正', 1723, 13],
  ['清', '乾隆', 1736, 60],
  ['清', '嘉庆', 1796, 25],
  ['清', '道光', 1821, 30],
  ['清', '咸丰', 1851, 11],
  ['清', '同治', 1862, 13],
  ['清', '光绪', 1875, 34],
  ['清', '宣统', 1909, 3],
  ['中华民国', '民国', 1912, 38],
].map(([dynasty, reign, startYear, years]) => ({
  dynasty: dynasty as string,
  reign: reign as string,
  startYear: startYear as number,
  years: years as number,
}));

/** The western year of a reign year, or null when the era is unknown or had no such year. */
export function reignYear(reign: string, year: number): number | null {
  const era = REIGNS.find((r) => r.reign === reign);
  if (!era || year < 1 || year > era.years) return null;
  return era.startYear + year - 1;
}
