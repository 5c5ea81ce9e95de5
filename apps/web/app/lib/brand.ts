/** The product's name as users read it. */
export const BRAND = '知源基因';

export function pageTitle(title?: string): string {
  return title ? `${title} - ${BRAND}` : `${BRAND} - 读懂你的基因，遇见你的家族`;
}

/** Prices are stored in fen (§3 Product); pages show yuan. */
export function formatPrice(fen: number): string {
  const yuan = fen / 100;
  return `¥${Number.isInteger(yuan) ? yuan : yuan.toFixed(2)}`;
}
