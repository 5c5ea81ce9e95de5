import { VERIFY_CODE_COUNTDOWN_S } from '@jiyin/contracts/constants';
import { describe, expect, it } from 'vitest';
import { initialVerifyCode, VERIFY_STATE, verifyCodeLabel, verifyCodeReducer } from '../app/components/auth/verifyCode.ts';

describe('verification-code button (§4)', () => {
  it('goes init → countdown 120 s → resend → countdown → verified', () => {
    let m = initialVerifyCode;
    expect(verifyCodeLabel(m)).toBe('发送验证码');
    m = verifyCodeReducer(m, { type: 'sent' });
    expect(m).toEqual({ state: VERIFY_STATE.countdown, secondsLeft: VERIFY_CODE_COUNTDOWN_S });
    expect(verifyCodeLabel(m)).toBe('120 秒后重新发送');
    for (let i = 0; i < VERIFY_CODE_COUNTDOWN_S - 1; i++) m = verifyCodeReducer(m, { type: 'tick' });
    expect(m.secondsLeft).toBe(1);
    m = verifyCodeReducer(m, { type: 'tick' });
    expect(m.state).toBe(VERIFY_STATE.resend);
    expect(verifyCodeLabel(m)).toBe('重新发送');
    m = verifyCodeReducer(m, { type: 'sent' });
    expect(m.state).toBe(VERIFY_STATE.countdown);
    m = verifyCodeReducer(m, { type: 'verified' });
    expect(verifyCodeLabel(m)).toBe('已验证');
    expect(verifyCodeReducer(m, { type: 'sent' })).toBe(m);
  });

  it('a failed first send stays on init; a failed resend offers resend again', () => {
    expect(verifyCodeReducer(initialVerifyCode, { type: 'failed' })).toBe(initialVerifyCode);
    expect(verifyCodeReducer({ state: VERIFY_STATE.countdown, secondsLeft: 50 }, { type: 'failed' }).state).toBe(VERIFY_STATE.resend);
  });
});
