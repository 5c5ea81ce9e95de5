/**
 * `Content-Disposition: attachment` for a download whose name may be Chinese: an ASCII fallback for
 * old clients plus the real name as RFC 5987 `filename*` (RFC 6266). encodeURIComponent leaves
 * ' ( ) * unescaped, which RFC 5987's attr-char does not allow, so they are escaped too.
 */
export function attachmentHeader(fileName: string, asciiFallback?: string): string {
  const ascii = (asciiFallback ?? fileName).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
