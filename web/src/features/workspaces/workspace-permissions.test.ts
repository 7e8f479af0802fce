import { describe, expect, it } from 'vitest';
import { managesWorkspace, mayLeave, memberActions } from './workspace-permissions';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

describe('what the workspaces screen offers', () => {
  it('lets the owner and admins manage, and everyone but the owner leave', () => {
    expect(
      ['owner', 'admin', 'editor', 'contributor', 'viewer'].map((role) => managesWorkspace({ role } as never)),
    ).toEqual([true, true, false, false, false]);
    expect(mayLeave({ role: 'owner' })).toBe(false);
    expect(mayLeave({ role: 'admin' })).toBe(true);
    expect(mayLeave({ role: 'viewer' })).toBe(true);
  });

  it("offers a manager another member's role and removal, never the owner's nor their own", () => {
    const team = { role: 'admin', personal: false } as const;
    expect(memberActions(team, ME, { userId: OTHER, role: 'editor' })).toEqual({
      changeRole: true,
      remove: true,
      transfer: false,
    });
    expect(memberActions(team, ME, { userId: OTHER, role: 'owner' })).toEqual({
      changeRole: false,
      remove: false,
      transfer: false,
    });
    expect(memberActions(team, ME, { userId: ME, role: 'admin' })).toEqual({
      changeRole: false,
      remove: false,
      transfer: false,
    });
  });

  it('offers the transfer to the owner alone, and not of a personal workspace', () => {
    const member = { userId: OTHER, role: 'viewer' } as const;
    expect(memberActions({ role: 'owner', personal: false }, ME, member).transfer).toBe(true);
    expect(memberActions({ role: 'owner', personal: true }, ME, member).transfer).toBe(false);
    expect(memberActions({ role: 'owner', personal: false }, ME, { userId: ME, role: 'owner' }).transfer).toBe(false);
  });

  it('offers nothing to an editor, a contributor or a viewer', () => {
    for (const role of ['editor', 'contributor', 'viewer'] as const) {
      expect(memberActions({ role, personal: false }, ME, { userId: OTHER, role: 'viewer' })).toEqual({
        changeRole: false,
        remove: false,
        transfer: false,
      });
    }
  });
});
