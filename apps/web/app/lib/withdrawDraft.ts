/**
 * The withdrawal being filled in across its three pages (amount, payee, SMS code), kept in the tab's
 * session storage so a reload keeps it and closing the web view forgets it.
 */
export interface WithdrawDraft {
  amount?: number;
  payeeAccount?: string;
  payeeName?: string;
}

const KEY = 'jy.withdraw-draft';

export function readDraft(): WithdrawDraft {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as WithdrawDraft;
  } catch {
    return {};
  }
}

export function saveDraft(patch: WithdrawDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify({ ...readDraft(), ...patch }));
}

export function clearDraft(): void {
  sessionStorage.removeItem(KEY);
}

/** Yuan as typed (up to two decimals) to fen; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
