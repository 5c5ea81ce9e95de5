// The parts of lunar-javascript (which ships no types) that the server uses.
declare module 'lunar-javascript' {
  interface Solar {
    toYmd(): string;
  }
  interface LunarDate {
    getSolar(): Solar;
  }
  interface LunarMonthInfo {
    getDayCount(): number;
  }
  const lunar: {
    Lunar: { fromYmd(year: number, month: number, day: number): LunarDate };
    LunarMonth: { fromYm(year: number, month: number): LunarMonthInfo | null };
    LunarYear: { fromYear(year: number): { getLeapMonth(): number } };
  };
  export default lunar;
}
