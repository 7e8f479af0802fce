// The parts of the contracts the app needs only once it calls the API, beside the catalogue's
// areas (catalogue.ts): only ever imported lazily, through catalogue.ts.
export {
  DATA_EXPORT_ENDPOINTS,
  draftResponseSchema,
  STREAM_EVENTS,
  streamErrorSchema,
  streamMetaSchema,
  streamTokenSchema,
  toStoredPersonalization,
} from '@nashr/contracts';
