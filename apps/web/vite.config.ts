import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  ssr: {
    // Workspace packages ship TypeScript sources. antd and its style engine are bundled too, so the
    // server render and the style extraction share one @ant-design/cssinjs instance.
    noExternal: [/^@jiyin\//, 'antd', /^@ant-design\//, /^@rc-component\//, /^rc-/, /^@emotion\//],
  },
  build: { chunkSizeWarningLimit: 1500 },
});
