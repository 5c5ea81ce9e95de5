import { Alert } from 'antd';
import { useNavigate } from 'react-router';
import { ReunionForm } from '../../components/reunion/ReunionForm.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useRootData } from '../../lib/rootData.ts';
import '../../components/trees/trees.css';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [
  { title: pageTitle('寻亲登记') },
  { property: 'og:title', content: '寻亲登记' },
  { property: 'og:description', content: '登记您记得的一切，让基因和线索帮您找到亲人。' },
];

/** §2.1 /ancestry/reunion: register a 寻亲 entry (signing in first; the page itself is open). */
export default function Reunion() {
  const { user } = useRootData();
  const navigate = useNavigate();
  return (
    <div className="reunion-page">
      <h1>寻亲登记</h1>
      {user ? (
        <ReunionForm entry={null} onSaved={() => navigate('/ancestry/reunion/list')} />
      ) : (
        <Alert
          type="info"
          showIcon
          message="登录后即可登记寻亲信息"
          action={
            <LinkButton to={`/auth/signin?from=${encodeURIComponent('/ancestry/reunion')}`} type="primary">
              登录
            </LinkButton>
          }
        />
      )}
    </div>
  );
}
