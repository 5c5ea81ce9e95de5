import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** What the tests need to act as WeChat Pay towards the server: its signing key and the notification key. */
export interface FakeWechatPay {
  gateway: string;
  appId: string;
  mchId: string;
  platformPrivateKey: string;
  platformSerial: string;
  merchantPublicKey: string;
  apiV3Key: string;
}

/** Where the tests read the out_trade_no of every prepay call the gateway answered, oldest first. */
export const PREPAYS_PATH = '/e2e/prepays';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * A local stand-in for WeChat Pay's API host (as apps/server/test/wechat-pay.test.ts fakes it): it checks
 * the merchant's request signature, answers prepay calls signed with its own key, and refuses the rest.
 * The server under test runs its real WeChat Pay adapter against it, so nothing in the server is faked.
 */
export async function startFakeWechatPay(notifyUrl: string): Promise<{ pay: FakeWechatPay; env: Record<string, string>; server: Server }> {
  const merchant = pair();
  const platform = pair();
  const pay: FakeWechatPay = {
    gateway: '',
    appId: 'wx00000000e2e00001',
    mchId: '1900000109',
    platformPrivateKey: platform.privateKey,
    platformSerial: 'PUB_KEY_ID_E2E',
    merchantPublicKey: merchant.publicKey,
    apiV3Key: randomBytes(16).toString('hex'),
  };
  const prepays: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === PREPAYS_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(prepays));
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const auth = /signature="([^"]+)",timestamp="(\d+)",serial_no="[^"]+"$/.exec(req.headers.authorization ?? '');
      const nonce = /nonce_str="(\w+)"/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const signedOk =
        auth !== null &&
        createVerify('RSA-SHA256')
          .update(`${req.method}\n${req.url}\n${auth[2]}\n${nonce}\n${body}\n`)
          .verify(merchant.publicKey, auth[1], 'base64');
      let status = 401;
      let answer: object = { code: 'SIGN_ERROR', message: '签名错误' };
      if (signedOk && req.method === 'POST' && req.url === '/v3/pay/transactions/jsapi') {
        const order = JSON.parse(body) as { out_trade_no: string };
        prepays.push(order.out_trade_no);
        status = 200;
        answer = { prepay_id: `wx${randomBytes(14).toString('hex')}` };
      } else if (signedOk) {
        status = 404;
        answer = { code: 'RESOURCE_NOT_EXISTS', message: '未知的接口' };
      }
      const text = JSON.stringify(answer);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const replyNonce = randomBytes(8).toString('hex');
      res.writeHead(status, {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': replyNonce,
        'wechatpay-serial': pay.platformSerial,
        'wechatpay-signature': createSign('RSA-SHA256')
          .update(`${timestamp}\n${replyNonce}\n${text}\n`)
          .sign(platform.privateKey, 'base64'),
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pay.gateway = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const env = {
    WECHATPAY_APP_ID: pay.appId,
    WECHATPAY_MCH_ID: pay.mchId,
    WECHATPAY_PRIVATE_KEY: merchant.privateKey,
    WECHATPAY_SERIAL_NO: 'MERCHANT-SERIAL-E2E',
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_PLATFORM_SERIAL: pay.platformSerial,
    WECHATPAY_API_V3_KEY: pay.apiV3Key,
    WECHATPAY_NOTIFY_URL: notifyUrl,
    WECHATPAY_GATEWAY: pay.gateway,
  };
  return { pay, env, server };
}
