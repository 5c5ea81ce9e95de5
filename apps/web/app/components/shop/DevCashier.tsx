import type { PayResult, PayStart } from '@jiyin/contracts/shop';
import { Alert, Button, Modal } from 'antd';
import { formatPrice } from '../../lib/brand.ts';

/**
 * The development payment provider's cashier (demo and tests): it stands for the messaging app's or
 * Alipay's pay sheet and answers one of §4's payment results.
 */
export function DevCashier({ payment, onResult, busy }: { payment: PayStart | null; onResult: (r: PayResult) => void; busy: boolean }) {
  return (
    <Modal open={payment !== null} title="模拟收银台" footer={null} onCancel={() => onResult('cancel')} destroyOnHidden>
      {payment && (
        <div className="dev-cashier" data-testid="dev-cashier">
          <Alert type="warning" showIcon message="开发环境的模拟支付，不会产生真实扣款。" />
          <p className="dev-cashier__amount">{formatPrice(payment.amount)}</p>
          <div className="dev-cashier__actions">
            <Button type="primary" loading={busy} onClick={() => onResult('ok')}>
              支付成功
            </Button>
            <Button danger disabled={busy} onClick={() => onResult('fail')}>
              支付失败
            </Button>
            <Button disabled={busy} onClick={() => onResult('cancel')}>
              取消支付
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
