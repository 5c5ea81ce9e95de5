import { theme } from 'antd';
import { type AnchorHTMLAttributes, Children, createContext, type ReactNode, useContext } from 'react';
import { ANTD_THEME } from '../lib/theme.ts';
import { AppLink } from './AppLink.tsx';

/** antd's Button types, each with its colour and variant (antd's ButtonTypeMap). */
const LOOKS = {
  default: ['default', 'outlined'],
  primary: ['primary', 'solid'],
  link: ['link', 'link'],
  text: ['default', 'text'],
} as const;

/** The theme's classes every antd component carries (its style hash, its CSS-variable scope). */
const ThemeClasses = createContext('');

/**
 * Reads the theme's classes once per page for every LinkButton in it: antd's own Button works them
 * out through its style hooks in each button, which made a product list's buttons a tenth of its render.
 */
export function LinkButtonTheme({ children }: { children: ReactNode }) {
  const { hashId } = theme.useToken();
  return <ThemeClasses.Provider value={[hashId, ANTD_THEME.cssVar.key].filter(Boolean).join(' ')}>{children}</ThemeClasses.Provider>;
}

/** As antd's Button lays out its label: each run of text (strings and numbers together) in a span of its own. */
function textInSpans(children: ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  let text: string | null = null;
  const flush = () => {
    if (text !== null) out.push(<span key={`text-${out.length}`}>{text}</span>);
    text = null;
  };
  // toArray keys the elements and drops null, undefined and booleans, as rendering would.
  for (const child of Children.toArray(children)) {
    if (typeof child === 'string' || typeof child === 'number') {
      text = `${text ?? ''}${child}`;
      continue;
    }
    flush();
    out.push(child);
  }
  flush();
  return out;
}

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'type'> & {
  to: string;
  type?: keyof typeof LOOKS;
  size?: 'large' | 'small';
  ghost?: boolean;
  block?: boolean;
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * A link that looks like an antd Button: one anchor with the classes and inner markup antd's Button
 * gives an anchor (its `href` form). A button inside a link is invalid HTML, two tab stops and two
 * roles for one action. A test holds it to antd's own markup for every look used.
 */
export function LinkButton({ to, type = 'default', size, ghost, block, icon, className, children, ...rest }: Props) {
  const themeClasses = useContext(ThemeClasses);
  const [color, solid] = LOOKS[type];
  // A ghost keeps only its outline, as antd's does.
  const variant = ghost && solid === 'solid' ? 'outlined' : solid;
  const classes = [
    'ant-btn',
    themeClasses,
    `ant-btn-${type}`,
    `ant-btn-color-${color}`,
    `ant-btn-variant-${variant}`,
    size === 'large' && 'ant-btn-lg',
    size === 'small' && 'ant-btn-sm',
    ghost && variant !== 'link' && variant !== 'text' && 'ant-btn-background-ghost',
    block && 'ant-btn-block',
    className,
  ];
  return (
    <AppLink to={to} className={classes.filter(Boolean).join(' ')} {...rest}>
      {icon ? <span className="ant-btn-icon">{icon}</span> : null}
      {textInSpans(children)}
    </AppLink>
  );
}
