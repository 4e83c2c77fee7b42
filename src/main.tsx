import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadFirstScreen } from './app/screens.ts';
import { loadMessages } from './lib/i18n/i18n.ts';
import { fetchFirstDescriptionEarly } from './lib/openapi/description-early.ts';
import { loadRuntimeInfo } from './lib/session/runtime-load.ts';
import { settingsStore } from './lib/session/settings-store.ts';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The session's language is known before the first paint (sessionStorage): its messages come
// first, so a German session never flashes English. English ships with the page; should another
// language fail to load, the page shows in English rather than not at all.
const { language } = settingsStore.get();
document.documentElement.lang = language;
const render = () => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
preloadFirstScreen();
// The hosting servers come beside the first paint, never before it: until they do (or if the
// ask fails), the panel has one server, `default`. The API screen's description file is asked
// for as soon as they are known, beside the screen's code.
void loadRuntimeInfo().then(() => { fetchFirstDescriptionEarly(); });
loadMessages(language).then(render, render);
