import { SwapOutlined } from '@ant-design/icons';

/** Above a table wider than a phone screen: says it scrolls sideways (shown on phones only). */
export function ScrollHint() {
  return (
    <p className="scroll-hint" data-testid="scroll-hint">
      <SwapOutlined /> 表格较宽，左右滑动查看全部列
    </p>
  );
}
