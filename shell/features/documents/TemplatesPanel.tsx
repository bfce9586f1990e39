import { useEffect, useState } from 'react';
import type { DocumentSettings, DocumentTemplate, TemplateFieldCatalogue } from '../../../src/contract/documents';
import { t, type MessageKey } from '../../../src/i18n';
import { deleteTemplate, downloadTemplate, listStages, listTemplates, loadSettings, saveBlob, saveSettings, saveTemplate, templateFields, type Stage } from './api';
import './texts';
import styles from './documents.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

const TYPES = ['invoice', 'quote', 'delivery_note', 'contract', 'other'] as const;
const typeLabel = (type: string) => t(`documents.type${type.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase())}` as MessageKey);
const MAX_BYTES = 30 * 1024 * 1024;
/** The seller's requisites (contract SELLER_FIELDS; the bundles take only the contract's types). */
const SELLER_FIELDS = ['name', 'tax_id', 'reason_code', 'registration_number', 'address', 'phone', 'bank_name', 'bank_code', 'correspondent_account', 'payment_account', 'director'] as const;

type Form = { id: string; name: string; type: string; download_type: string; orientation: string; autogen_status_id: string; public_visible: boolean };
const formOf = (template: DocumentTemplate | null): Form => ({
  id: template ? String(template.id) : '',
  name: template?.name ?? '',
  type: template?.type ?? 'invoice',
  download_type: template?.download_type ?? 'pdf',
  orientation: template?.orientation ?? 'portrait',
  autogen_status_id: template?.autogen_status_id ? String(template.autogen_status_id) : '',
  public_visible: template?.public_visible ?? false,
});

/** The documents settings (section and 'document settings' overlay): templates, their form, the placeholder catalogue, requisites. */
export default function TemplatesPanel() {
  const [templates, setTemplates] = useState<DocumentTemplate[]>([]);
  const [stages, setStages] = useState<Stage[]>([]);
  const [fields, setFields] = useState<TemplateFieldCatalogue>([]);
  const [editing, setEditing] = useState<Form | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [settings, setSettings] = useState<DocumentSettings | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const reload = () => void listTemplates().then((result) => result.ok && setTemplates(result.data));
  useEffect(() => {
    reload();
    void listStages().then(setStages);
    void templateFields().then((result) => result.ok && setFields(result.data));
    void loadSettings().then((result) => result.ok && setSettings(result.data));
  }, []);

  const submit = async () => {
    if (!editing) return;
    if (file && file.size > MAX_BYTES) return setProblem(t('documents.fileTooLarge'));
    if (!editing.id && !file) return setProblem(t('documents.chooseFile'));
    const { public_visible, ...rest } = editing;
    const result = await saveTemplate({ ...Object.fromEntries(Object.entries(rest).filter(([key, value]) => key !== 'id' || value)), public_visible: public_visible ? '1' : '0' }, file);
    if (!result.ok) return;
    setEditing(null);
    setFile(null);
    setStatus(t('documents.saved'));
    reload();
  };
  const edit = (template: DocumentTemplate | null) => {
    setEditing(formOf(template));
    setFile(null);
    setProblem(null);
  };
  const set = (key: keyof Form, value: string | boolean) => setEditing((form) => (form ? { ...form, [key]: value } : form));

  return (
    <div className="documents-templates">
      <section aria-labelledby="documents-templates-title">
        <h2 id="documents-templates-title">{t('documents.templatesTitle')}</h2>
        <table className="documents-table">
          <thead>
            <tr>
              <th scope="col">{t('documents.name')}</th>
              <th scope="col">{t('documents.type')}</th>
              <th scope="col">{t('documents.downloadType')}</th>
              <th scope="col">{t('documents.autogenStage')}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t('documents.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.map((template) => (
              <tr key={template.id} data-template-id={template.id}>
                <th scope="row">
                  {template.name}
                  {template.builtin ? ` (${t('documents.builtin')})` : ''}
                </th>
                <td>{typeLabel(template.type)}</td>
                <td>{template.download_type.toUpperCase()}</td>
                <td>{stages.find((stage) => stage.id === template.autogen_status_id)?.name ?? '—'}</td>
                <td>
                  <button type="button" className="shell-button" onClick={() => edit(template)}>
                    {t('documents.editTemplate')}
                  </button>
                  <button type="button" className="shell-button" onClick={() => void downloadTemplate(template.id).then((result) => result.ok && saveBlob(result.data.blob, template.file_name || `${template.name}.docx`))}>
                    {t('documents.downloadTemplate')}
                  </button>
                  <button type="button" className="shell-button" aria-label={t('documents.deleteOf', { name: template.name })} onClick={() => void deleteTemplate(template.id).then(reload)}>
                    {t('app.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="shell-button" onClick={() => edit(null)}>
          {t('documents.addTemplate')}
        </button>
        {status ? <p role="status">{status}</p> : null}
      </section>

      {editing ? (
        <form aria-label={editing.id ? t('documents.editTemplate') : t('documents.addTemplate')} onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}>
          <label>
            {t('documents.name')}
            <input value={editing.name} maxLength={200} onChange={(event) => set('name', event.target.value)} />
          </label>
          <label>
            {editing.id ? t('documents.replaceFile') : t('documents.templateFile')}
            <input type="file" accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </label>
          <label>
            {t('documents.type')}
            <select value={editing.type} onChange={(event) => set('type', event.target.value)}>
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('documents.downloadType')}
            <select value={editing.download_type} onChange={(event) => set('download_type', event.target.value)}>
              <option value="docx">DOCX</option>
              <option value="pdf">PDF</option>
            </select>
          </label>
          <label>
            {t('documents.orientation')}
            <select value={editing.orientation} onChange={(event) => set('orientation', event.target.value)}>
              <option value="portrait">{t('documents.portrait')}</option>
              <option value="landscape">{t('documents.landscape')}</option>
            </select>
          </label>
          <label>
            {t('documents.autogenStage')}
            <select value={editing.autogen_status_id} onChange={(event) => set('autogen_status_id', event.target.value)}>
              <option value="">{t('documents.noStage')}</option>
              {stages.map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>
              <input type="checkbox" checked={editing.public_visible} onChange={(event) => set('public_visible', event.target.checked)} /> {t('documents.publicVisibleTemplate')}
            </span>
          </label>
          {problem ? <p role="alert">{problem}</p> : null}
          <button type="submit" className="shell-button">
            {t('documents.save')}
          </button>
        </form>
      ) : null}

      {settings ? (
        <form aria-label={t('documents.requisitesTitle')} onSubmit={(event) => {
            event.preventDefault();
            void saveSettings(settings).then((result) => result.ok && setStatus(t('documents.saved')));
          }}>
          <h2>{t('documents.requisitesTitle')}</h2>
          <label>
            {t('documents.language')}
            <select value={settings.lang} onChange={(event) => setSettings({ ...settings, lang: event.target.value === 'ru' ? 'ru' : 'en' })}>
              <option value="en">English</option>
              <option value="ru">Русский</option>
            </select>
          </label>
          {SELLER_FIELDS.map((field) => (
            <label key={field}>
              {t(`documents.placeholders.seller_${field}` as MessageKey)}
              <input value={settings.requisites[field] ?? ''} maxLength={500} onChange={(event) => setSettings({ ...settings, requisites: { ...settings.requisites, [field]: event.target.value } })} />
            </label>
          ))}
          <button type="submit" className="shell-button">
            {t('documents.save')}
          </button>
        </form>
      ) : null}

      <section className="documents-fields" aria-labelledby="documents-fields-title">
        <h2 id="documents-fields-title">{t('documents.fieldsTitle')}</h2>
        {fields.map((group) => (
          <details key={group.group}>
            <summary>
              {t(`documents.placeholders.group_${group.group}` as MessageKey)}
              {group.loop ? ` — ${group.loop.open} … ${group.loop.close}` : ''}
            </summary>
            <ul>
              {group.fields.map((field) => (
                <li key={field.key}>
                  <code>{field.placeholder}</code> — {field.custom ? field.name : t(field.name as MessageKey)}{' '}
                  <button type="button" className="shell-button" onClick={() => void navigator.clipboard?.writeText(field.placeholder).then(() => setStatus(t('documents.copied', { placeholder: field.placeholder })))}>
                    {t('documents.copy')}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </section>
    </div>
  );
}
