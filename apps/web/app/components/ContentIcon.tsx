import spriteUrl from './content-icons.svg?no-inline';
import { isContentIcon } from './contentIcons.ts';

/** An editorial icon from the cached sprite (apps/web/scripts/content-icons.ts), drawn in the text colour. */
export function ContentIcon({ name }: { name?: string }) {
  if (!isContentIcon(name)) return null;
  return (
    <span className="content-icon">
      <svg width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    </span>
  );
}
