/** What other parts of the app may use from sign-up and verification: the frames of its pages. */
export { BusyOverlay, CenteredFrame, FlowHeader } from './page-frame';
