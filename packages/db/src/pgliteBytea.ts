/**
 * How binary values cross into PGlite. Its own bytea serializer builds the hex text one byte at a
 * time (Array.from, map, padStart, join): a 1.2 MB chip layout took ~0.5 s and was the embedded
 * database thread's largest cost during imports. Node's hex encoder does it natively.
 */
export const byteaToHex = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
