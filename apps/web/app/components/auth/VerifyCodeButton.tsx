import { Button } from 'antd';
import { useEffect, useReducer, useState } from 'react';
import { initialVerifyCode, VERIFY_STATE, verifyCodeLabel, verifyCodeReducer } from './verifyCode.ts';

/**
 * Sends an SMS code through `send` (which shows its own error and returns false on failure), then
 * counts down 120 s before it offers to resend (§4, §9).
 */
export function VerifyCodeButton({ send, disabled, verified }: { send: () => Promise<boolean>; disabled?: boolean; verified?: boolean }) {
  const [model, dispatch] = useReducer(verifyCodeReducer, initialVerifyCode);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (verified) dispatch({ type: 'verified' });
  }, [verified]);

  useEffect(() => {
    if (model.state !== VERIFY_STATE.countdown) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [model.state]);

  const onClick = async () => {
    setSending(true);
    const ok = await send();
    setSending(false);
    dispatch({ type: ok ? 'sent' : 'failed' });
  };

  const waiting = model.state === VERIFY_STATE.countdown || model.state === VERIFY_STATE.verified;
  return (
    <Button onClick={onClick} loading={sending} disabled={disabled || waiting} data-testid="verify-code-button" style={{ minWidth: 132 }}>
      {verifyCodeLabel(model)}
    </Button>
  );
}
