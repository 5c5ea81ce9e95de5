// The parts of lunar-javascript (which ships no types) that the server uses.
declare module 'lunar-javascript' {
  interface Solar {
    toYmd(): string;
    getYear(): number;
    getMonth(): number;
    getDay(): number;
  }
  interface LunarDate {
    getSolar(): Solar;
  }
  interface SolarStatic {
    fromYmd(year: number, month: number, day: number): { getLunar(): { getYear(): number; getMonth(): number; getDay(): number } };
    fromJulianDay(julianDay: number): Solar;
  }
  interface LunarMonthInfo {
    getDayCount(): number;
  }
  interface LunarYearMonth extends LunarMonthInfo {
    /** Negative for a leap month. */
    getMonth(): number;
    getFirstJulianDay(): number;
  }
  const lunar: {
    Solar: SolarStatic;
    Lunar: { fromYmd(year: number, month: number, day: number): LunarDate };
    LunarMonth: { fromYm(year: number, month: number): LunarMonthInfo | null };
    LunarYear: { fromYear(year: number): { getLeapMonth(): number; getMonthsInYear(): LunarYearMonth[] } };
  };
  export default lunar;
}
