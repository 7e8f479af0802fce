import { dataExportPartResponseSchema } from '../account-data.js';
import { defineEndpoint, type ServiceName } from './define.js';

/** One service's part of 'Download my data': each service answers what it stores about the caller. */
export const exportPart = <const P extends string>(owner: ServiceName, path: P, what: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    owner,
    access: 'signed-in',
    summary: `Download my data: ${what}`,
    description:
      "One service's part of 'Download my data'; the web app asks each service and saves the parts as one JSON file.",
    responses: {
      200: { description: 'What this service stores about the signed-in user', schema: dataExportPartResponseSchema },
    },
  });
