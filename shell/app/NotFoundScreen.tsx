import { t } from '../../src/i18n';

/** An address no route knows: say so, say what to do, and lead back to the start. */
export function NotFoundScreen() {
  return (
    <section className="shell-center" aria-labelledby="not-found-title" data-testid="not-found">
      <h1 id="not-found-title">{t('app.notFound')}</h1>
      <p>{t('errors.pages.notFoundText')}</p>
      <p>{t('errors.pages.notFoundTodo')}</p>
      <a className="shell-button shell-button-primary" href="#/">
        {t('errors.pages.toStart')}
      </a>
    </section>
  );
}
