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

/** An order's state as a coloured tag (§4 order states). */
export function OrderStateTag({ state }: { state: OrderState }) {
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="order-state">
      {ORDER_STATE_LABELS[state]}
    </Tag>
  );
}
