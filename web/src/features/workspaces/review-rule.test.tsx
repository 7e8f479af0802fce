// @vitest-environment jsdom
import { WORKSPACE_HEADER, type Workspace } from '@nashr/contracts';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { chooseWorkspace, currentWorkspace, resetWorkspaceForTests } from '../../session/current-workspace';
import { ReviewRule } from './review-rule';
import { useWorkInLinked, WORKSPACES_LIST_KEY } from './workspaces-api';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const ME = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TEAM = '0b6f1c1e-6a55-4a4e-9d0e-2f3c4b5a6d7e';
const OTHER = '1c7f2d2f-7b66-4b5f-8e1f-3f4d5c6b7e8f';
const at = '2026-12-01T10:00:00.000Z';
const personal: Workspace = { id: ME, name: 'me', personal: true, role: 'owner', createdAt: at };
const team = (role: Workspace['role']): Workspace => ({ id: TEAM, name: 'Team', personal: false, role, createdAt: at });

let container: HTMLDivElement;
let sent: { method: string; url: string; workspace: string | undefined; body: unknown }[];
let requiresApproval: boolean;

function serve() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method: init.method ?? 'GET', url, workspace: headers[WORKSPACE_HEADER], body });
      if (init.method === 'PUT') requiresApproval = body.requiresApproval;
      return Response.json({ success: true, data: { requiresApproval } });
    }),
  );
}

async function mount(node: React.ReactNode, workspaces: Workspace[] = [personal]) {
  ({ container } = await renderSignedIn(node, {
    account: { id: ME, email: 'me@example.test' },
    known: [[WORKSPACES_LIST_KEY, workspaces]],
  }));
}

beforeAll(async () => {
  await startI18nForTests();
});
beforeEach(() => {
  resetWorkspaceForTests();
  chooseWorkspace(null);
  requiresApproval = false;
  serve();
});
afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
  chooseWorkspace(null);
});

describe("the workspace's approval rule", () => {
  it('is a switch for an admin, saved for the workspace shown whichever the tab works in', async () => {
    await mount(<ReviewRule workspace={team('admin')} />);
    const toggle = () => container.querySelector<HTMLButtonElement>('[role="switch"]');
    await vi.waitFor(() => expect(toggle()).not.toBeNull());
    expect(toggle()?.getAttribute('aria-checked')).toBe('false');
    // Named by its label, and explained.
    const label = container.querySelector(`label[for="${toggle()?.id}"]`);
    expect(label?.textContent).toBe('اشتراط الاعتماد قبل النشر');
    expect(document.getElementById(toggle()?.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'لا يُجدوَل شيء ولا يُنشر',
    );
    await act(async () => toggle()?.click());
    await vi.waitFor(() => expect(toggle()?.getAttribute('aria-checked')).toBe('true'));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/review-settings',
      workspace: TEAM,
      body: { requiresApproval: true },
    });
    expect(sent.every((s) => s.workspace === TEAM)).toBe(true);
  });

  it('is read-only for an editor', async () => {
    requiresApproval = true;
    await mount(<ReviewRule workspace={team('editor')} />);
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="review-rule-state"]')?.textContent).toBe(
        'تشترط مساحة العمل هذه الاعتماد قبل النشر.',
      ),
    );
    expect(container.querySelector('[role="switch"]')).toBeNull();
  });
});

function Linked({ id }: { id: string }) {
  const ready = useWorkInLinked(id);
  return <p data-ready={String(ready)} />;
}

describe('a link naming a workspace', () => {
  const ready = () => container.querySelector('p')?.getAttribute('data-ready');

  it('moves the tab to it when the account belongs to it', async () => {
    await mount(<Linked id={TEAM} />, [personal, team('owner')]);
    await vi.waitFor(() => expect(ready()).toBe('true'));
    expect(currentWorkspace()).toBe(TEAM);
  });

  it('moves the tab back to the personal one, named by the account id', async () => {
    chooseWorkspace(TEAM);
    await mount(<Linked id={ME} />, [personal, team('owner')]);
    await vi.waitFor(() => expect(ready()).toBe('true'));
    expect(currentWorkspace()).toBeNull();
  });

  it('leaves the tab where it is for a workspace the account is not in', async () => {
    await mount(<Linked id={OTHER} />, [personal, team('owner')]);
    expect(ready()).toBe('true');
    expect(currentWorkspace()).toBeNull();
  });
});
