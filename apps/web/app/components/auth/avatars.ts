/** The default colour-gradient avatars a user can pick (§3: default avatars are colour gradients). */
export const GRADIENT_AVATARS = [
  { startColor: '#5b8cff', endColor: '#36cfc9' },
  { startColor: '#ff9a62', endColor: '#ff5e7e' },
  { startColor: '#7b61ff', endColor: '#c86dd7' },
  { startColor: '#2fbf71', endColor: '#9be15d' },
  { startColor: '#f7b733', endColor: '#fc4a1a' },
  { startColor: '#00b4db', endColor: '#0083b0' },
] as const;
