// The parts of the contracts the app needs only once it calls the API (the catalogue's endpoints
// with their schemas): only ever imported lazily, through catalogue.ts.
export {
  API,
  DATA_EXPORT_ENDPOINTS,
  draftResponseSchema,
  STREAM_EVENTS,
  streamErrorSchema,
  streamMetaSchema,
  streamTokenSchema,
  toStoredPersonalization,
} from '@nashr/contracts';
