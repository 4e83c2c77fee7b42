// The yardstick of the panel's budgets (README, "Budgets"): React 19's "hello world", built with
// the panel's own Vite and React plugin. Written without JSX only because tsconfig.node.json,
// which type-checks bench/, has no JSX setting; the automatic runtime would add well under 1 kB.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(createElement(StrictMode, null, createElement('h1', null, 'Hello, world!')));
