/** What other parts of the app may use from the composer: opening it. Everything else here is its own. */
export { ComposerProvider, useComposer } from './composer-provider';
