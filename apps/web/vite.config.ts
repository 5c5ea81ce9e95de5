import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { antdStylesheet } from './antd-stylesheet.ts';
import { precompress } from './precompress.ts';
import { shellChunk } from './shell-chunk.ts';

export default defineConfig({
  plugins: [antdStylesheet(), reactRouter(), shellChunk(), precompress()],
  ssr: {
    // Workspace packages ship TypeScript sources; antd and its style engine are bundled with the server build.
    noExternal: [/^@jiyin\//, 'antd', /^@ant-design\//, /^@rc-component\//, /^rc-/, /^@emotion\//],
  },
  build: { chunkSizeWarningLimit: 1500 },
});
