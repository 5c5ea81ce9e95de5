import type { RelativeProfile } from '@jiyin/contracts/relativesApi';

/** A relative's default avatar (§3 gradients): their gradient with the first character of the name they show. */
export function RelativeAvatar({ relative, size = 48 }: { relative: RelativeProfile; size?: number }) {
  const { startColor, endColor } = relative.avatar;
  return (
    <span
      className="relative-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.42, background: `linear-gradient(135deg, ${startColor}, ${endColor})` }}
    >
      {[...relative.name][0] ?? '亲'}
    </span>
  );
}

export const genderLabel = (g: 'male' | 'female') => (g === 'male' ? '男' : '女');

export function regionLabel(r: RelativeProfile['region']): string {
  if (!r) return '出生地未填写';
  // Municipalities repeat themselves (北京市 市辖区): the province alone says it.
  return r.city && r.city !== '市辖区' && r.city !== r.province ? `${r.province} ${r.city}` : r.province;
}

/** Closer grades warmer: the §9 rows in order. */
const GRADE_COLOURS: Record<string, string> = {
  '2-3': 'volcano',
  '3-4': 'orange',
  '4-6': 'gold',
  '5-6': 'green',
  '6-9': 'cyan',
  '9+': 'blue',
  '10+': 'default',
};
export const gradeColour = (grade: string) => GRADE_COLOURS[grade] ?? 'default';
