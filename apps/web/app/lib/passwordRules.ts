import type { Rule } from 'antd/es/form';

/** §5 on the page: at least 6 non-space characters (the server also refuses common passwords). */
export const NEW_PASSWORD_RULES: Rule[] = [
  { required: true, message: '请输入密码' },
  { pattern: /^\S{6,64}$/, message: '密码为 6–64 位，且不能包含空格' },
];
