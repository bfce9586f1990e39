import styles from './crmDocuments.css?raw';
import { useEffect, useState } from 'react';
import type { CrmDocumentRule, CrmDocumentsKind, CrmDocumentsSettings } from '../../../../src/contract/crmDocuments';
import { t, type MessageKey } from '../../../../src/i18n';
import { adoptStyles } from '../../../../src/ui/adoptStyles';
import { getCrmDocuments, saveCrmDocuments } from './api';

adoptStyles(styles);

/** crm_status values a linked order moves through (spec §4 'CRM-linked statuses'), as the stage a document is made at. */
const STAGES: MessageKey[] = ['integrations.documents.status0', 'integrations.documents.status1', 'integrations.documents.status2', 'integrations.documents.status3', 'integrations.documents.status4'];

type Rules = Record<number, Omit<CrmDocumentRule, 'template_id'>>;

const rulesById = (rules: CrmDocumentRule[]): Rules => Object.fromEntries(rules.map(({ template_id, ...rule }) => [template_id, rule]));

function ConnectionRules({ connection, templates, onSaved }: { connection: CrmDocumentsSettings['connections'][number]; templates: CrmDocumentsSettings['templates']; onSaved(next: CrmDocumentsSettings): void }) {
  const [rules, setRules] = useState<Rules>(() => rulesById(connection.rules));
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; error: string }>({ kind: 'idle' });
  useEffect(() => setRules(rulesById(connection.rules)), [connection.rules]);
  const ruleOf = (id: number) => rules[id] ?? { attach: false, generate_at: null };
  const change = (id: number, part: Partial<Omit<CrmDocumentRule, 'template_id'>>) => {
    setRules((current) => ({ ...current, [id]: { ...ruleOf(id), ...part } }));
    setState({ kind: 'idle' });
  };
  const save = async () => {
    setState({ kind: 'saving' });
    const body = templates.map((template) => ({ template_id: template.id, ...ruleOf(template.id) })).filter((rule) => rule.attach || rule.generate_at !== null);
    const answer = await saveCrmDocuments({ connection_id: connection.connection_id, rules: body });
    if (!answer.ok) {
      setState({ kind: 'failed', error: answer.data?.error ?? String(answer.status) });
      return;
    }
    setState({ kind: 'saved' });
    onSaved(answer.data);
  };
  const headingId = `crm-documents-${connection.connection_id}`;
  return (
    <section className="crm-documents" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('integrations.documents.connection', { origin: connection.origin })}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('integrations.documents.template')}</th>
            <th scope="col">{t('integrations.documents.attach')}</th>
            <th scope="col">{t('integrations.documents.generateAt')}</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => {
            const rule = ruleOf(template.id);
            return (
              <tr key={template.id} data-template={template.id}>
                <th scope="row">{template.name}</th>
                <td>
                  <input type="checkbox" checked={rule.attach} aria-label={t('integrations.documents.attachLabel', { name: template.name })} onChange={(event) => change(template.id, { attach: event.target.checked })} />
                </td>
                <td>
                  <select
                    value={rule.generate_at === null ? '' : String(rule.generate_at)}
                    aria-label={t('integrations.documents.generateAtLabel', { name: template.name })}
                    onChange={(event) => change(template.id, { generate_at: event.target.value === '' ? null : Number(event.target.value) })}
                  >
                    <option value="">{t('integrations.documents.never')}</option>
                    {STAGES.map((label, status) => (
                      <option key={label} value={String(status)}>
                        {t(label)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" disabled={state.kind === 'saving'} onClick={() => void save()}>
        {state.kind === 'saving' ? t('integrations.documents.saving') : t('integrations.documents.save')}
      </button>
      {state.kind === 'saved' ? <p role="status">{t('integrations.documents.saved')}</p> : null}
      {state.kind === 'failed' ? <p role="alert">{t('integrations.documents.failed', { error: state.error })}</p> : null}
    </section>
  );
}

/**
 * Issue 18 §5 'Document settings', shared by the amoCRM and Bitrix24 screens: per connection, which templates'
 * documents are attached to the CRM deal and at which crm_status of a linked order each is made automatically.
 */
export function CrmDocumentsPanel({ kind }: { kind: CrmDocumentsKind }) {
  const [settings, setSettings] = useState<CrmDocumentsSettings | null>(null);
  useEffect(() => {
    void getCrmDocuments(kind).then((answer) => answer.ok && setSettings(answer.data));
  }, [kind]);
  if (!settings) return null;
  return (
    <div className="crm-documents-panel">
      <p>{t('integrations.documents.intro')}</p>
      {settings.connections.length === 0 ? <p>{t('integrations.documents.noConnection')}</p> : null}
      {settings.connections.length > 0 && settings.templates.length === 0 ? <p>{t('integrations.documents.noTemplates')}</p> : null}
      {settings.templates.length > 0
        ? settings.connections.map((connection) => <ConnectionRules key={connection.connection_id} connection={connection} templates={settings.templates} onSaved={setSettings} />)
        : null}
    </div>
  );
}

export const AmoCrmDocuments = () => <CrmDocumentsPanel kind="amocrm" />;
export const Bitrix24Documents = () => <CrmDocumentsPanel kind="bitrix24" />;
