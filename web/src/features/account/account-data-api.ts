import {
  DATA_EXPORT_PARTS,
  type DataExportPart,
  type DeleteAccountResponse,
  LINK_PATHS,
  PURCHASABLE_PLAN_IDS,
  urlOf,
} from '@nashr/contracts';
import { accountApi, lazyEndpoint } from '../../lib/api/catalogue';
import { call, errorFromAnswer, send } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';
import { clearStoredEmail } from '../../session/stored-email';

/**
 * 'Download my data': each service answers its own part (services never read each other's
 * tables), and the browser puts the parts together into one JSON document, zipped with the
 * files the user uploaded.
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

/** The extension an uploaded file keeps in the archive, from its stored type. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

interface ExportedUpload {
  id: string;
  contentType: string;
}

/** The files the posts part lists, each as its bytes read through the user's own media address. */
async function uploadedFiles(data: Record<string, unknown>): Promise<Record<string, Uint8Array>> {
  const uploads = ((data.posts as { uploads?: ExportedUpload[] } | undefined)?.uploads ?? []) as ExportedUpload[];
  const files: Record<string, Uint8Array> = {};
  // One after another: an account may hold hundreds of files, and each is read whole.
  for (const upload of uploads) {
    const response = await fetch(urlOf({ path: LINK_PATHS.mediaFile }, { id: upload.id }), { credentials: 'include' });
    if (!response.ok) {
      throw errorFromAnswer(
        response.status,
        await response.json().catch(() => null),
        'An uploaded file could not be read',
      );
    }
    files[`uploads/${upload.id}.${EXTENSIONS[upload.contentType] ?? 'bin'}`] = new Uint8Array(
      await response.arrayBuffer(),
    );
  }
  return files;
}

/**
 * The archive: the JSON of every part and, beside it, the files uploaded (named by the id the JSON
 * gives them). Stored without compression: images and PDFs are compressed already, and zipping
 * them again would only cost the browser time.
 */
export async function archiveOf(data: Record<string, unknown>, day: string): Promise<Uint8Array> {
  const { zipSync, strToU8 } = await import('fflate');
  const files = await uploadedFiles(data);
  return zipSync(
    { [`nashr-data-${day}.json`]: [strToU8(JSON.stringify(data, null, 2)), { level: 6 }], ...files },
    { level: 0 },
  );
}

/** Hands a file to the browser as a download. */
function saveFile(bytes: Uint8Array, type: string, fileName: string): void {
  const blob = new Blob([bytes as BlobPart], { type });
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
      const day = new Date().toISOString().slice(0, 10);
      saveFile(await archiveOf(data, day), 'application/zip', `nashr-data-${day}.zip`);
    },
  });
}

/**
 * Where a deleted account lands: the signed-out page, naming the paid plan the server says ended
 * with it (not the plan this page had cached: the server's answer is what happened).
 */
export function deletedPageOf(answer: Partial<DeleteAccountResponse> | null | undefined): string {
  const plan = PURCHASABLE_PLAN_IDS.find((id) => id === answer?.cancelledPlan);
  return plan ? `/account-deleted?plan=${plan}` : '/account-deleted';
}

/**
 * `DELETE /api/v1/auth/account`. Once the account is gone, the page is loaded afresh (nothing the
 * browser cached of the user survives) on the signed-out page saying so. A refusal (the payment
 * provider did not confirm the end of the subscription) leaves the dialog as it was.
 */
export function useDeleteAccount() {
  return useMutation({
    // Read leniently: the account is deleted by now, so an answer without the plan is not a failure.
    mutationFn: (input: { confirmation: string }) =>
      send<Partial<DeleteAccountResponse> | null>(accountApi.delete, { body: { confirmation: input.confirmation } }),
    onSuccess: (answer) => {
      clearStoredEmail();
      window.location.replace(deletedPageOf(answer));
    },
  });
}
