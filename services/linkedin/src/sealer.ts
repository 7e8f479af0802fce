// The sealer is shared with the engage service, which keeps the same kind of ids.
export { Sealer } from '@nashr/platform';
