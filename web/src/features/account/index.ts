/** What other parts of the app may use from the account: the settings screen's sections. */
export { DisplayPreferencesSection } from './display-preferences-section';
export { YourDataSection } from './your-data-section';
export { YourVoiceSection } from './your-voice-section';
