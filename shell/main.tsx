import '../src/i18n/coreTexts';
import { createRoot } from 'react-dom/client';
import '../src/ui/controls.css';
import './app/shell.css';
import './app/print.css';
import { App } from './app/App';
import { bootstrapShell } from './app/bootstrap';

const container = document.getElementById('app');
if (container) {
  void bootstrapShell(window).then(({ demoNotifications }) => {
    createRoot(container).render(<App demoNotifications={demoNotifications} />);
  });
}
