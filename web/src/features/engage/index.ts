// Engage: what the rest of the app uses of it.
export { AutopilotPanel, AutopilotStopNotice } from './autopilot-panel';
export { CommentHistory } from './comment-history';
export { EngageFeed } from './engage-feed';
export { PostByUrl } from './post-by-url';
export { TargetsEditor } from './targets-editor';
