import type { UserInfo } from '../../lib/api/index.ts';
import { GRADIENT_AVATARS } from './avatars.ts';

type Avatar = NonNullable<UserInfo['avatarUrl']>;

/** Picks one of the default colour-gradient avatars (radio inputs under round swatches). */
export function AvatarSwatches({ value, onChange }: { value: Avatar | undefined; onChange: (a: Avatar) => void }) {
  return (
    <fieldset className="avatar-swatches">
      <legend className="visually-hidden">头像颜色</legend>
      {GRADIENT_AVATARS.map((g) => {
        const selected = value?.type === 'color' && value.startColor === g.startColor;
        return (
          <label
            key={g.startColor}
            className={selected ? 'avatar-swatch avatar-swatch--on' : 'avatar-swatch'}
            style={{ background: `linear-gradient(135deg, ${g.startColor}, ${g.endColor})` }}
          >
            <input
              type="radio"
              name="avatar-colour"
              className="visually-hidden"
              checked={selected}
              aria-label={`头像颜色 ${g.startColor}`}
              onChange={() => onChange({ type: 'color', ...g })}
            />
          </label>
        );
      })}
    </fieldset>
  );
}
