import { PassThrough } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

export const streamTimeout = 10_000;

// One style cache for the process: antd computes each component's styles once instead of on every
// request (per-request caches made SSR ~10x slower). The inlined CSS is then the union of the styles
// of every page rendered so far, which stays bounded (it only grows with new components).
const styleCache = createCache();

/**
 * Renders the whole page before answering so antd's CSS-in-JS styles can be inlined into the head:
 * the first paint is styled and hydration does not flash. Pages are small, so waiting costs little.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <StyleProvider cache={styleCache}>
        <ServerRouter context={routerContext} url={request.url} />
      </StyleProvider>,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => {
            const html = Buffer.concat(chunks)
              .toString('utf8')
              .replace('</head>', `${extractStyle(styleCache)}</head>`);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(html, { status, headers: responseHeaders }));
          });
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
