/**
 * What other parts of the app may use from the composer: opening it, and the parts every post
 * form shares (the first comment field, the images and the feed preview). Everything else here is its own.
 */
export { ComposerProvider, useComposer } from './composer-provider';
export { DocumentCarousel, DocumentSummary } from './document-attachment';
export { FirstCommentField } from './draft-extras';
export { FeedPreview } from './feed-preview';
export { MediaPicker } from './media-picker';
export { useComposerMedia } from './use-composer-media';
export { usePostImages } from './use-post-images';
