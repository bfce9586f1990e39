import { t } from '../../src/i18n';

export function NotFoundScreen() {
  return (
    <section className="shell-center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('app.notFound')}</h1>
    </section>
  );
}
