import { NoticeList } from '../../components/social/NoticeList.tsx';
import { pageTitle } from '../../lib/brand.ts';

export const meta = () => [{ title: pageTitle('通知') }];

/** §2.3 /user/notices and /notice: the signed-in user's notifications. */
export default function Notices() {
  return (
    <div className="user-panel">
      <h2>通知</h2>
      <NoticeList />
    </div>
  );
}
