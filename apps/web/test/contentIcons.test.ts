import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CONTENT_ICONS } from '../app/components/contentIcons.ts';
import { contentIconSprite, SPRITE_PATH } from '../scripts/content-icons.ts';

test('the committed sprite is the one the script builds from antd icons, a symbol for each content icon', () => {
  const committed = readFileSync(SPRITE_PATH, 'utf8');
  expect(committed).toBe(contentIconSprite());
  for (const name of CONTENT_ICONS) expect(committed).toContain(`<symbol id="${name}" viewBox=`);
  expect(committed.match(/<symbol /g)).toHaveLength(CONTENT_ICONS.length);
});
