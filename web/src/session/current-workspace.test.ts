// @vitest-environment jsdom
import { WORKSPACE_COOKIE, WORKSPACE_HEADER } from '@nashr/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseWorkspace,
  currentWorkspace,
  forgetWorkspace,
  renderWorkspaceBy,
  resetWorkspaceForTests,
  subscribeToWorkspace,
  workspaceFromCookie,
  workspaceHeaders,
} from './current-workspace';

const TEAM = '0b6f1c1e-6a55-4a4e-9d0e-2f3c4b5a6d7e';
const OTHER = '5d7e8f90-1a2b-4c3d-8e4f-506172839405';
const ME = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** What `document.cookie` holds for the workspace, or undefined. */
const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${WORKSPACE_COOKIE}=`))
    ?.slice(WORKSPACE_COOKIE.length + 1);

/** Another tab's write: the cookie changes under this one. */
const setCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays another tab writing the cookie
  document.cookie = `${WORKSPACE_COOKIE}=${value}; path=/`;
};

/** A new tab of a browser that keeps no choice. */
const freshTab = () => {
  setCookie('; max-age=0');
  resetWorkspaceForTests();
};

beforeEach(freshTab);
afterEach(freshTab);

describe('the workspace named by a cookie', () => {
  it('is the id in the ws cookie, among others', () => {
    expect(workspaceFromCookie(`lang=ar; ${WORKSPACE_COOKIE}=${TEAM}; tz=Asia%2FRiyadh`)).toBe(TEAM);
    expect(workspaceFromCookie(`${WORKSPACE_COOKIE}=${TEAM.toUpperCase()}`)).toBe(TEAM);
  });

  it('is none when there is no cookie, or it holds anything but an id', () => {
    expect(workspaceFromCookie(undefined)).toBeNull();
    expect(workspaceFromCookie('')).toBeNull();
    expect(workspaceFromCookie('lang=en')).toBeNull();
    expect(workspaceFromCookie(`${WORKSPACE_COOKIE}=`)).toBeNull();
    expect(workspaceFromCookie(`${WORKSPACE_COOKIE}=../../admin`)).toBeNull();
    expect(workspaceFromCookie(`${WORKSPACE_COOKIE}=%E0%A4%A`)).toBeNull();
    // A cookie whose name only ends the same is another's.
    expect(workspaceFromCookie(`news=${TEAM}`)).toBeNull();
  });
});

describe('the workspace a tab works in', () => {
  it('starts as the cookie says, and is the personal one without it', () => {
    expect(currentWorkspace()).toBeNull();
    expect(workspaceHeaders()).toEqual({});
    resetWorkspaceForTests();
    setCookie(TEAM);
    expect(currentWorkspace()).toBe(TEAM);
    expect(workspaceHeaders()).toEqual({ [WORKSPACE_HEADER]: TEAM });
  });

  it('is written to the cookie on a switch, for the next tab and the server', () => {
    chooseWorkspace(TEAM, ME);
    expect(currentWorkspace()).toBe(TEAM);
    expect(cookieValue()).toBe(TEAM);
    resetWorkspaceForTests();
    expect(currentWorkspace()).toBe(TEAM);
  });

  it('keeps to its own choice when another tab switches', () => {
    chooseWorkspace(TEAM, ME);
    setCookie(OTHER);
    expect(currentWorkspace()).toBe(TEAM);
    expect(workspaceHeaders()).toEqual({ [WORKSPACE_HEADER]: TEAM });
  });

  it('takes the account’s own id, or none, for the personal workspace: no header, no cookie', () => {
    chooseWorkspace(TEAM, ME);
    chooseWorkspace(ME, ME);
    expect(currentWorkspace()).toBeNull();
    expect(workspaceHeaders()).toEqual({});
    expect(cookieValue()).toBeUndefined();
    chooseWorkspace(TEAM, ME);
    chooseWorkspace(null, ME);
    expect(currentWorkspace()).toBeNull();
    expect(cookieValue()).toBeUndefined();
  });

  it('tells its subscribers of a switch, and only of a switch', () => {
    const heard = vi.fn();
    const stop = subscribeToWorkspace(heard);
    chooseWorkspace(TEAM, ME);
    chooseWorkspace(TEAM, ME);
    expect(heard).toHaveBeenCalledTimes(1);
    chooseWorkspace(null, ME);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    chooseWorkspace(TEAM, ME);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('is forgotten when signing out', () => {
    chooseWorkspace(TEAM, ME);
    forgetWorkspace();
    expect(currentWorkspace()).toBeNull();
    expect(cookieValue()).toBeUndefined();
  });
});

describe('a screen rendered on the server', () => {
  it('works in its own request’s workspace, whatever this process chose', () => {
    chooseWorkspace(OTHER, ME);
    let request: string | undefined = `lang=ar; ${WORKSPACE_COOKIE}=${TEAM}`;
    renderWorkspaceBy(() => workspaceFromCookie(request));
    expect(workspaceHeaders()).toEqual({ [WORKSPACE_HEADER]: TEAM });
    request = 'lang=ar';
    expect(workspaceHeaders()).toEqual({});
  });
});
