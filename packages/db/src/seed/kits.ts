/**
 * Demo kit barcodes (format of BARCODE_PATTERN in @jiyin/contracts/accounts): kits that exist and are
 * not bound yet, so a newcomer can bind one on /user/persons. JY00000001xx are the standard product,
 * JY00000002xx the ancestry product.
 */
export const DEMO_KITS: { barcode: string; productId: string }[] = [
  ...Array.from({ length: 20 }, (_, i) => ({ barcode: `JY${String(100 + i).padStart(10, '0')}`, productId: 'STANDARD_ANCESTRY' })),
  ...Array.from({ length: 10 }, (_, i) => ({ barcode: `JY${String(200 + i).padStart(10, '0')}`, productId: 'ANCESTRY' })),
];
