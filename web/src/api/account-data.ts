import { DATA_EXPORT_PARTS, type DataExportPart } from '@nashr/contracts';
import { useMutation } from '@tanstack/react-query';
import { clearStoredEmail } from '../session/stored-email';
import { accountApi, lazyEndpoint } from './catalogue';
import { call, send } from './client';

/**
 * 'Download my data': each service answers its own part (services never read each other's
 * tables), and the browser puts the parts together into one JSON file.
 */
export async function fetchMyData(): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    DATA_EXPORT_PARTS.map(async (part: DataExportPart) => {
      const answer = await call(lazyEndpoint(`dataExport.${part}`, (loaded) => loaded.DATA_EXPORT_ENDPOINTS[part]));
      return [part, answer.data] as const;
    }),
  );
  return { product: 'Nashr', exportedAt: new Date().toISOString(), ...Object.fromEntries(parts) };
}

/** Hands a JSON document to the browser as a file download. */
function saveJson(document: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: fileName });
  window.document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the file only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await fetchMyData();
      saveJson(data, `nashr-data-${new Date().toISOString().slice(0, 10)}.json`);
    },
  });
}

/**
 * `DELETE /api/v1/auth/account`. Once the account is gone, the page is loaded afresh, so nothing
 * the browser cached of the user survives.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmation: string) => send(accountApi.delete, { body: { confirmation } }),
    onSuccess: () => {
      clearStoredEmail();
      window.location.replace('/');
    },
  });
}
