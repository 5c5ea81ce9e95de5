import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '../src/accounts.ts';

describe('security log labels', () => {
  it.each(Object.entries(AUDIT_ACTION_LABELS))('%s reads %s', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
    expect(label).toMatch(/[\u4e00-\u9fff]/);
  });

  it('client-reported events and unknown actions still read as something', () => {
    expect(auditActionLabel('client:share-wechat')).toBe('客户端事件（share-wechat）');
    expect(auditActionLabel('something-new')).toBe('something-new');
  });
});
