/**
 * The parts every post form shares: the author's header, the first comment field, the images and
 * the document, the feed preview, the form's fields and the schedule dialog. The composer, the
 * drafts and the calendar use them; everything else here is their own.
 */
export { AuthorHeader } from './author-header';
export { DocumentCarousel, DocumentSummary } from './document-attachment';
export { FeedPreview } from './feed-preview';
export { FirstCommentField } from './first-comment-field';
export { useLastPostAs } from './last-post-as';
export { imageFilesOf, MediaPicker } from './media-picker';
export { PostAsField } from './post-as-field';
export {
  FormActions,
  FormProblem,
  PostContentField,
  PostForm,
  type PostFormValues,
  postFormSchema,
  ScheduleFields,
} from './post-form-fields';
export { ScheduleDialog } from './schedule-dialog';
export { useAuthor } from './use-author';
export { useComposerMedia } from './use-composer-media';
export { usePostImages } from './use-post-images';
