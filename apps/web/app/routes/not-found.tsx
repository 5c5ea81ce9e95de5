import { data } from 'react-router';
/** Any path no route claims: the 404 view with HTTP status 404 (§2.1, §8). */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
