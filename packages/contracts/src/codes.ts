/**
 * The error catalogue (§8, §4): every non-zero envelope code the API answers, with its default
 * Chinese message. Pages map some of them to report statuses (see reportStatus.ts in later issues).
 */
export const CODES = {
  OK: { code: 0, msg: 'ok' },
  NOT_LOGGED_IN: { code: 1001, msg: '请先登录' },
  SESSION_EXPIRED: { code: 1003, msg: '登录已失效，请重新登录' },
  SESSION_REVOKED: { code: 2102, msg: '账号已在其他地方退出，请重新登录' },
  NO_PERMISSION: { code: 1110, msg: '无权访问该内容' },
  SHOULD_UPGRADE: { code: 2700, msg: '请升级产品后查看' },
  SHOULD_SHARE: { code: 2701, msg: '需要对方分享后才能查看' },
  REPORT_NOT_READY: { code: 2702, msg: '报告尚未生成，请先导入基因数据或等待检测完成' },
  SHARE_INVALID: { code: 2711, msg: '分享链接无效或已被撤销' },
  SHARE_EXPIRED: { code: 2712, msg: '分享链接已过期' },
  RELATIVES_CONSENT_REQUIRED: { code: 2720, msg: '请先阅读并同意《基因亲人服务协议》后再加入基因亲人' },
  RELATIVES_PROTOCOL_OUTDATED: { code: 2721, msg: '《基因亲人服务协议》已更新，请阅读最新版本后再同意' },
  PHONE_INVALID: { code: 1201, msg: '请输入正确的手机号' },
  PASSWORD_INVALID: { code: 1202, msg: '密码至少 6 位，且不能包含空格' },
  PASSWORD_TOO_COMMON: { code: 1203, msg: '这个密码太常见了，容易被猜到，请换一个' },
  SMS_CODE_WRONG: { code: 1204, msg: '验证码错误' },
  SMS_CODE_EXPIRED: { code: 1205, msg: '验证码已失效，请重新获取' },
  SMS_TOO_FREQUENT: { code: 1206, msg: '验证码发送过于频繁，请稍后再试' },
  SMS_DAILY_LIMIT: { code: 1207, msg: '今日验证码发送次数已达上限，请明天再试' },
  CAPTCHA_FAILED: { code: 1209, msg: '人机验证未通过，请重试' },
  ALREADY_REGISTERED: { code: 1210, msg: '该手机号已注册，请直接登录' },
  SIGNIN_FAILED: { code: 1211, msg: '手机号或密码错误' },
  ACCOUNT_LOCKED: { code: 1212, msg: '尝试次数过多，请稍后再试' },
  NAME_INVALID: { code: 1213, msg: '名字不符合要求' },
  OLD_PASSWORD_WRONG: { code: 1214, msg: '原密码错误' },
  NOT_REGISTERED: { code: 1215, msg: '该手机号尚未注册' },
  BARCODE_INVALID: { code: 1301, msg: '条码格式不正确，应为 2 位字母加 10 位数字' },
  BARCODE_UNKNOWN: { code: 1302, msg: '条码不存在，请核对后重新输入' },
  BARCODE_BOUND: { code: 1303, msg: '该条码已被绑定，如有疑问请联系客服' },
  UPLOAD_FAILED: { code: 1401, msg: '上传失败，请重试' },
  BAD_REQUEST: { code: 4000, msg: '请求参数有误' },
  ITEM_NOT_SUPPORTED: { code: 4003, msg: '该检测项目暂不支持' },
  NOT_FOUND: { code: 4004, msg: '内容不存在' },
  API_NOT_FOUND: { code: 404, msg: '接口不存在' },
  BAD_SIGNATURE: { code: 4010, msg: '请求签名无效，请刷新页面后重试' },
  SIGNATURE_EXPIRED: { code: 4011, msg: '请求已过期，请检查设备时间后重试' },
  PAYLOAD_TOO_LARGE: { code: 4013, msg: '上传内容过大' },
  RATE_LIMITED: { code: 4290, msg: '请求过于频繁，请稍后再试' },
  INTERNAL: { code: 5000, msg: '服务器开小差了，请稍后再试' },
  UNAVAILABLE: { code: 5030, msg: '服务暂不可用，请稍后再试' },
} as const satisfies Record<string, { code: number; msg: string }>;

export type CodeName = keyof typeof CODES;

/** Codes after which the page treats the user as logged out (§4 Auth, §8). */
export const INVALID_SESSION_CODES: readonly number[] = [CODES.NOT_LOGGED_IN.code, CODES.SESSION_EXPIRED.code, CODES.SESSION_REVOKED.code];
