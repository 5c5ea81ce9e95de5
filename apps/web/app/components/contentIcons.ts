/** Icon names the editorial content may use (site_content items' `icon`); each is a symbol of content-icons.svg. */
export const CONTENT_ICONS = [
  'apartment',
  'book',
  'branches',
  'cluster',
  'coffee',
  'experiment',
  'global',
  'heart',
  'medicine-box',
  'safety',
  'smile',
  'team',
] as const;

export type ContentIconName = (typeof CONTENT_ICONS)[number];

export const isContentIcon = (name: string | undefined): name is ContentIconName =>
  !!name && (CONTENT_ICONS as readonly string[]).includes(name);
