import { ORDER_STATE_LABELS, type OrderState } from '@jiyin/contracts/shop';
import { Tag } from 'antd';

const STATE_COLOURS: Record<OrderState, string> = {
  created: 'orange',
  paid: 'blue',
  shipped: 'cyan',
  bound: 'geekblue',
  done: 'green',
  cancelled: 'default',
  refunded: 'purple',
};

/**
 * An order's state as a coloured tag (§4 order states). A paid service order (for a kit the customer
 * has: the no-return Y-full waits for the lab) ships nothing, so it does not say 待发货.
 */
export function OrderStateTag({ state, service = false }: { state: OrderState; service?: boolean }) {
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="order-state">
      {service && state === 'paid' ? '已支付，实验室处理中' : ORDER_STATE_LABELS[state]}
    </Tag>
  );
}
