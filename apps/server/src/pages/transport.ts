import type { ApiRequest, ApiTransport } from '@jiyin/contracts/api';
import { fail } from '@jiyin/contracts/envelope';

/**
 * The loaders' API transport for one page request, over `fetchBody` (an API call answered as its body
 * text). The loaders of one page run together and several read the same thing (the root's and the home
 * page's product list): within one page request a GET is asked once, and each loader gets its own copy
 * of the answer.
 */
export function pageTransport(fetchBody: (call: ApiRequest) => Promise<string>): ApiTransport {
  const gets = new Map<string, Promise<string>>();
  return async (call) => {
    let body: Promise<string> | undefined;
    if (call.method === 'GET') {
      const key = JSON.stringify([call.path, call.query, call.headers]);
      body = gets.get(key);
      if (!body) {
        body = fetchBody(call);
        gets.set(key, body);
      }
    }
    const text = await (body ?? fetchBody(call));
    try {
      return JSON.parse(text);
    } catch {
      return fail('INTERNAL');
    }
  };
}
