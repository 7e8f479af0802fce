import {
  type AccountStepResponse,
  CLIENT_ERROR_CODES,
  type FullProfile,
  LINK_PATHS,
  type LinkedinAccountInfo,
  type LinkedinPage,
  type LinkedinPagesResponse,
  type LinkedinPost,
  linkedinAccountInfoSchema,
  MAX_LINKEDIN_POSTS_PAGE,
  type OwnProfile,
  START_OVER_CODES,
  type userInfoResponseSchema,
} from '@nashr/contracts';
import { type QueryClient, queryOptions, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { linkedinApi } from './catalogue';
import { ApiError, call } from './client';
import { useMutation } from './mutation';

/** Spec section 3: the network account is kept under `userLinkedln`, the profile under `userProfile`. */
export const ACCOUNT_STORAGE_KEY = 'userLinkedln';
export const PROFILE_STORAGE_KEY = 'userProfile';

/** The message the sign-in popup posts to the window that opened it (spec section 4). */
export const LINKEDIN_CONNECTED = 'LINKEDIN_CONNECTED';

/**
 * The same message on a channel of this origin. A popup that went through the network's own
 * sign-in page (another origin) loses its `window.opener` to the browser's opener isolation, so
 * it says it here too; only pages of this very origin can listen.
 */
export const CONNECTED_CHANNEL = 'nashr-linkedin-connect';

export function broadcastConnected(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CONNECTED_CHANNEL);
  channel.postMessage({ type: LINKEDIN_CONNECTED });
  channel.close();
}

function readStorage(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private modes may refuse storage; the server still knows the account.
  }
}

/**
 * The stored account (spec section 3): the value may be an array, whose first item counts, and
 * only counts when it carries an accountID.
 */
export function storedAccount(): LinkedinAccountInfo | null {
  const value = readStorage(ACCOUNT_STORAGE_KEY);
  const candidate = Array.isArray(value) ? value[0] : value;
  const parsed = linkedinAccountInfoSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

export function storeAccount(account: LinkedinAccountInfo): void {
  writeStorage(ACCOUNT_STORAGE_KEY, account);
}

export function clearStoredAccount(): void {
  try {
    localStorage.removeItem(ACCOUNT_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function storeProfile(profile: OwnProfile): void {
  writeStorage(PROFILE_STORAGE_KEY, profile);
}

// ── Network sign-in (the popup) ───────────────────────────────────────────────────────────────

/** The sign-in cannot go on (unknown, expired, nothing pending): the user has to start again. */
export function mustStartOver(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || START_OVER_CODES.includes(error.code));
}

export type AccountStep = AccountStepResponse;

/** Where "Continue with LinkedIn" starts: the service answers with a redirect to the network's page. */
export const OAUTH_START_PATH = LINK_PATHS.linkedinOauthStart;

export const connectMethodsQuery = queryOptions({
  queryKey: ['linkedin', 'connect-methods'] as const,
  queryFn: async () => (await call(linkedinApi.connectMethods)).data,
  staleTime: 5 * 60_000,
});

/** `GET /api/v1/linkedin/providers`: the ways to connect offered here, the recommended one first. */
export function useConnectMethods() {
  return useQuery({ ...connectMethodsQuery, select: (data) => data.methods });
}

/**
 * Whether the password sign-in offered here is the sandbox, where nothing reaches LinkedIn: the
 * connect screens must not say the password goes there. Undefined until the service has said
 * (the screens then promise nothing either way); false when it could not be asked.
 */
export function useSandboxSignIn(): boolean | undefined {
  const query = useQuery({ ...connectMethodsQuery, select: (data) => data.sandbox === true });
  return query.data ?? (query.isError ? false : undefined);
}

/** Whether an account is on the sandbox network, whose profile, followers and post figures are invented. */
export function isSandboxAccount(account: Pick<LinkedinAccountInfo, 'provider'> | null | undefined): boolean {
  return account?.provider === 'sandbox';
}

/**
 * `POST /api/v1/linkedin/accounts`. The password only lives in this request: the mutation keeps
 * no cache entry (`gcTime: 0`) and the screen resets it once the answer is in.
 */
export function useConnectAccount() {
  return useMutation({
    gcTime: 0,
    mutationFn: (credentials: { username: string; password: string }) =>
      call(linkedinApi.connect, { body: credentials }),
  });
}

/** `POST /api/v1/linkedin/accounts/{accountId}/challenges`: a 2FA/OTP code or a CAPTCHA token. */
export function useSolveChallenge() {
  return useMutation({
    gcTime: 0,
    mutationFn: ({ accountId, code }: { accountId: string; code: string }) =>
      call(linkedinApi.solveChallenge, { params: { accountId }, body: { code } }),
  });
}

/** `GET /api/v1/linkedin/accounts/{accountId}/challenges/in-app`: has the user approved in the app? */
export function useCheckInApp() {
  return useMutation({
    gcTime: 0,
    mutationFn: (accountId: string) => call(linkedinApi.checkInAppApproval, { params: { accountId } }),
  });
}

/** `POST /api/v1/linkedin/accounts/{accountId}/challenges/resend`: a new 2FA/OTP code. */
export function useResendCode() {
  return useMutation({
    mutationFn: (accountId: string) => call(linkedinApi.resendCode, { params: { accountId } }),
  });
}

// ── The account's data (dashboard and profile) ────────────────────────────────────────────────

/**
 * `POST /linkedln/getUserInfo` with the stored account. A stored account of someone else (the
 * browser was shared) is refused with 403: it is forgotten and the server's own answer counts.
 */
async function fetchUserInfo(): Promise<LinkedinAccountInfo> {
  const stored = storedAccount();
  const ask = (data: unknown) =>
    call(linkedinApi.getUserInfo, {
      body: { data },
      failureCode: CLIENT_ERROR_CODES.userInfoFailed,
    });
  let answer: z.output<typeof userInfoResponseSchema>;
  try {
    answer = await ask(stored ?? undefined);
  } catch (error) {
    if (!(stored && error instanceof ApiError && error.status === 403)) throw error;
    clearStoredAccount();
    answer = await ask(undefined);
  }
  // Spec section 4: user info only takes effect with an accountID.
  storeAccount(answer.data);
  return answer.data;
}

const userInfoQuery = queryOptions({
  queryKey: ['linkedin', 'user-info'] as const,
  queryFn: fetchUserInfo,
  staleTime: 60_000,
  retry: false,
});

const ownProfileQuery = (account: LinkedinAccountInfo) =>
  queryOptions({
    queryKey: ['linkedin', 'profile', account.accountID] as const,
    queryFn: async () => {
      const answer = await call(linkedinApi.getUserProfile, {
        body: { data: account },
        failureCode: CLIENT_ERROR_CODES.profileFailed,
      });
      storeProfile(answer.data);
      return answer.data;
    },
    staleTime: 60_000,
    retry: false,
  });

/**
 * What fetching the account and its profile keeps in the browser (above), for answers that came
 * with a screen the gateway rendered instead (app-ssr/screen-data.tsx).
 */
export function keepAccountFrom(queryClient: QueryClient): void {
  const account = queryClient.getQueryData(userInfoQuery.queryKey);
  if (!account) return;
  storeAccount(account);
  const profile = queryClient.getQueryData(ownProfileQuery(account).queryKey);
  if (profile) storeProfile(profile);
}

/** The member's posts, or (with `identity`) those of one of the company pages added to the account. */
const postsQuery = (account: LinkedinAccountInfo, identity: string | null = null) =>
  queryOptions({
    queryKey: ['linkedin', 'posts', account.accountID, identity] as const,
    queryFn: async () => {
      // One full page is enough for the statistics of the last months.
      const answer = await call(linkedinApi.getPosts, {
        body: {
          data: { accountID: account.accountID, limit: MAX_LINKEDIN_POSTS_PAGE, ...(identity ? { identity } : {}) },
        },
        failureCode: CLIENT_ERROR_CODES.postsFailed,
      });
      return answer.data.items;
    },
    staleTime: 60_000,
    retry: false,
  });

const profileDataQuery = (account: LinkedinAccountInfo) =>
  queryOptions({
    queryKey: ['linkedin', 'profile-data', account.accountID] as const,
    queryFn: async () =>
      (
        await call(linkedinApi.getUserProfileData, {
          body: { data: account },
          failureCode: CLIENT_ERROR_CODES.profileFailed,
        })
      ).data,
    staleTime: 60_000,
    retry: false,
  });

/** Spec section 4: first and last name joined and trimmed, or 'User' when both are empty. */
export function displayName(profile: Pick<OwnProfile, 'first_name' | 'last_name'> | null | undefined): string {
  return [profile?.first_name ?? '', profile?.last_name ?? ''].join(' ').trim() || 'User';
}

export interface DashboardData {
  account: LinkedinAccountInfo;
  profile: OwnProfile;
  posts: LinkedinPost[];
  userName: string;
}

/** Spec section 4, dashboard load: user info, then profile, then posts; each must succeed. */
async function loadDashboard(client: QueryClient): Promise<DashboardData> {
  const account = await client.fetchQuery(userInfoQuery);
  const profile = await client.fetchQuery(ownProfileQuery(account));
  const posts = await client.fetchQuery(postsQuery(account));
  return { account, profile, posts, userName: displayName(profile) };
}

export const dashboardQuery = queryOptions({
  queryKey: ['linkedin', 'dashboard'] as const,
  queryFn: ({ client }) => loadDashboard(client),
  staleTime: 60_000,
  retry: false,
});

export function useDashboardData() {
  return useQuery(dashboardQuery);
}

/** Only gives a disabled query a key while the account is not known yet; never fetched. */
const UNKNOWN_ACCOUNT: LinkedinAccountInfo = {
  accountID: '00000000-0000-0000-0000-000000000000',
  id: '00000000-0000-0000-0000-000000000000',
  status: 'pending',
  provider: '',
  connectedAt: null,
  disconnectReason: null,
};

/** The profile page's data: the account first, then what depends on it. */
export interface AccountData<T> {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
  retry: () => void;
}

function combine<T>(
  client: QueryClient,
  account: UseQueryResult<LinkedinAccountInfo>,
  inner: UseQueryResult<T>,
): AccountData<T> {
  return {
    data: inner.data,
    isPending: account.isPending || (account.isSuccess && inner.isPending),
    error: account.error ?? inner.error,
    retry: () => {
      if (account.error) void client.resetQueries({ queryKey: userInfoQuery.queryKey });
      else void inner.refetch();
    },
  };
}

/** `POST /linkedln/getUserInfo`: the connected account itself (its status and when its access ends). */
export function useLinkedinAccount() {
  return useQuery(userInfoQuery);
}

/**
 * The name and picture the connected account goes by, for the avatars of the app's frame: the
 * same account and profile the dashboard and the profile page load (one request each, shared).
 * Nothing is asked while `connected` is false; `name` is null until the profile is known.
 */
export function useOwnIdentity(connected: boolean): { name: string | null; picture: string | null } {
  const account = useQuery({ ...userInfoQuery, enabled: connected });
  const profile = useQuery({
    ...ownProfileQuery(account.data ?? UNKNOWN_ACCOUNT),
    enabled: connected && account.isSuccess,
  });
  const name = profile.data ? displayName(profile.data) : null;
  return {
    name: name && name !== 'User' ? name : null,
    picture: profile.data?.profile_picture_url ?? null,
  };
}

/** For a route's loader: the account, then the name and picture of the app's frame (useOwnIdentity). */
export async function readOwnIdentity(client: QueryClient): Promise<void> {
  await client.ensureQueryData(ownProfileQuery(await client.ensureQueryData(userInfoQuery)));
}

/** For a route's loader: the account, then the full profile of the profile page (useProfileData). */
export async function readProfileData(client: QueryClient): Promise<void> {
  await client.ensureQueryData(profileDataQuery(await client.ensureQueryData(userInfoQuery)));
}

/** For a route's loader: the account, then its posts (usePosts). */
export async function readPosts(client: QueryClient, identity: string | null = null): Promise<void> {
  await client.ensureQueryData(postsQuery(await client.ensureQueryData(userInfoQuery), identity));
}

/** `POST /linkedln/getUserProfileData`: the full profile of the profile page. */
export function useProfileData(): AccountData<FullProfile> {
  const client = useQueryClient();
  const account = useQuery(userInfoQuery);
  const inner = useQuery({ ...profileDataQuery(account.data ?? UNKNOWN_ACCOUNT), enabled: account.isSuccess });
  return combine(client, account, inner);
}

/** `POST /linkedln/getPosts`: the account's posts, newest first. */
export function usePosts(identity: string | null = null): AccountData<LinkedinPost[]> {
  const client = useQueryClient();
  const account = useQuery(userInfoQuery);
  const inner = useQuery({ ...postsQuery(account.data ?? UNKNOWN_ACCOUNT, identity), enabled: account.isSuccess });
  return combine(client, account, inner);
}

export const pageKeys = { pages: ['linkedin', 'pages'] as const };

const companyPagesQuery = queryOptions({
  queryKey: pageKeys.pages,
  queryFn: async (): Promise<LinkedinPagesResponse['data']> => (await call(linkedinApi.listPages)).data,
  retry: 1,
});

/**
 * `GET /api/v1/linkedin/pages`: the company pages the connected member may publish as, each
 * marked added or not. Read only for a connection that has pages (hasCompanyPages).
 */
export function useCompanyPages(enabled = true) {
  return useQuery({ ...companyPagesQuery, enabled });
}

/**
 * Whether the connection may have company pages: a working one on the official network, or on the
 * sandbox (whose members administer a page of their own). A password sign-in has none.
 */
export function hasCompanyPages(account: Pick<LinkedinAccountInfo, 'provider' | 'status'> | null | undefined): boolean {
  return (account?.provider === 'linkedin' || account?.provider === 'sandbox') && account.status === 'connected';
}

/**
 * The pages added here: whom a post may be written as besides the member. A connection without
 * pages (hasCompanyPages) has none, and nothing is asked.
 */
export function useAddedPages(): LinkedinPage[] {
  const account = useLinkedinAccount();
  const pages = useCompanyPages(hasCompanyPages(account.data));
  return (pages.data?.pages ?? []).filter((page) => page.added);
}

/** For a route's loader: the account, then the pages added to it when it may have any (useAddedPages). */
export async function readAddedPages(client: QueryClient): Promise<LinkedinPage[]> {
  if (!hasCompanyPages(await client.ensureQueryData(userInfoQuery))) return [];
  return (await client.ensureQueryData(companyPagesQuery)).pages.filter((page) => page.added);
}

/** Whether useAddedPages has its answer: the pages were read, or the connection has none to read. */
export function useAddedPagesKnown(): boolean {
  const account = useLinkedinAccount();
  const withPages = hasCompanyPages(account.data);
  const pages = useCompanyPages(withPages);
  return account.isSuccess && (!withPages || pages.isSuccess);
}

/** Adds (`add: true`) or removes a company page; the list is the answer. */
export function useChangePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ organization, add }: { organization: string; add: boolean }) =>
      (
        await (add
          ? call(linkedinApi.addPage, { body: { organization } })
          : call(linkedinApi.removePage, { params: { organizationId: organization.split(':').at(-1) ?? '' } }))
      ).data,
    onSuccess: (pages) => client.setQueryData(pageKeys.pages, pages),
  });
}
