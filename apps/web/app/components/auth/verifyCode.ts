import { VERIFY_CODE_COUNTDOWN_S } from '@jiyin/contracts/constants';

/** The verification-code button's states of §4: 0 init, 1 countdown, 2 resend, 3 verified. */
export const VERIFY_STATE = { init: 0, countdown: 1, resend: 2, verified: 3 } as const;
export type VerifyState = (typeof VERIFY_STATE)[keyof typeof VERIFY_STATE];

export interface VerifyCodeModel {
  state: VerifyState;
  secondsLeft: number;
}

export type VerifyCodeEvent = { type: 'sent' } | { type: 'tick' } | { type: 'failed' } | { type: 'verified' };

export const initialVerifyCode: VerifyCodeModel = { state: VERIFY_STATE.init, secondsLeft: 0 };

/** Sent starts the 120 s countdown; at zero the button offers to resend; verified is final. */
export function verifyCodeReducer(model: VerifyCodeModel, event: VerifyCodeEvent): VerifyCodeModel {
  if (model.state === VERIFY_STATE.verified) return model;
  switch (event.type) {
    case 'sent':
      return { state: VERIFY_STATE.countdown, secondsLeft: VERIFY_CODE_COUNTDOWN_S };
    case 'tick':
      if (model.state !== VERIFY_STATE.countdown) return model;
      return model.secondsLeft <= 1 ? { state: VERIFY_STATE.resend, secondsLeft: 0 } : { ...model, secondsLeft: model.secondsLeft - 1 };
    case 'failed':
      return model.state === VERIFY_STATE.init ? model : { state: VERIFY_STATE.resend, secondsLeft: 0 };
    case 'verified':
      return { state: VERIFY_STATE.verified, secondsLeft: 0 };
  }
}

export function verifyCodeLabel(model: VerifyCodeModel): string {
  switch (model.state) {
    case VERIFY_STATE.init:
      return '发送验证码';
    case VERIFY_STATE.countdown:
      return `${model.secondsLeft} 秒后重新发送`;
    case VERIFY_STATE.resend:
      return '重新发送';
    case VERIFY_STATE.verified:
      return '已验证';
  }
}
