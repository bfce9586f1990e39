import '../src/i18n/coreTexts';
import { createRoot } from 'react-dom/client';
import '../src/ui/controls.css';
import './app/shell.css';
import './app/phone.css';
import { App } from './app/App';
import { bootstrapShell } from './app/bootstrap';

const container = document.getElementById('app');
if (container) {
  void bootstrapShell(window).then(({ demoNotifications }) => {
    createRoot(container).render(<App demoNotifications={demoNotifications} />);
    // Printing comes later than the first screen: its stylesheet is a chunk of its own, kept out of the first load.
    void import('./app/printStyles');
  });
}
