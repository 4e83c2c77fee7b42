// Unit tests stand where a screen has loaded: with every English message (the page adds the API
// screen's and the generated forms' when a screen loads, src/app/lazy-screen.tsx).
import { loadLaterMessages } from '../i18n/i18n.ts';

await loadLaterMessages();
