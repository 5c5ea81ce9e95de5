import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|css|svg|json|txt|map)$/;
/** Below this size compression saves less than a packet (the server's own threshold for dynamic responses). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip copy beside every text file of the client build, which the
 * server sends as they are (@fastify/static `preCompressed`). Compressing the ~2.5 MB of scripts and the
 * antd stylesheet at request time cost CPU on every cold visit and could only afford a fast, weak level.
 */
export function precompress(): Plugin {
  return {
    name: 'jiyin-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      const dir = options.dir;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!TEXT.test(file.fileName)) return;
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (bytes.length < MIN_BYTES) return;
          const target = path.join(dir, file.fileName);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}
