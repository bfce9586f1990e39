import './texts';
import styles from './import.css?raw';
import { useEffect, useId, useState } from 'react';
import type { ImportColumn, ImportComparison, ImportDryRun, ImportMode, ImportPreprocessing, ImportSettings, ImportTemplate } from '../../../src/contract/import';
import type { Warehouse } from '../../../src/contract/stock';
import { t } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import { taskStarted } from '../../stores/tasks';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay } from '../../stores/overlays';
import { checkImport, listImportTemplates, listImportWarehouses, preprocessFile, startImport } from './api';
import { applyTemplate, chooseField } from './mapping';

adoptStyles(styles);

const MODES: readonly { mode: ImportMode; label: 'import.modeAddOnly' | 'import.modeUpdateOnly' | 'import.modeAddUpdate' }[] = [
  { mode: 'add', label: 'import.modeAddOnly' },
  { mode: 'update', label: 'import.modeUpdateOnly' },
  { mode: 'add_update', label: 'import.modeAddUpdate' },
];
const COMPARISONS: readonly { compare: ImportComparison; label: 'import.compareName' | 'import.compareNameArticle' | 'import.compareNameArticleBatch' | 'import.compareNone' }[] = [
  { compare: 'name', label: 'import.compareName' },
  { compare: 'name_article', label: 'import.compareNameArticle' },
  { compare: 'name_article_batch', label: 'import.compareNameArticleBatch' },
  { compare: 'none', label: 'import.compareNone' },
];

// The server's refusals carry a code (serverErrors.import*): said in the page's language, the English text otherwise.
const errorOf = (data: unknown) => serverErrorText(data) || t('import.failed');

/**
 * The import overlay (spec: the import settings dialog): upload a file, check the proposed mapping (a select per
 * column), exclude fields, choose the mode, the duplicate comparison, the warehouse and 'only positive balances', pick
 * or save a template, see the dry run, then Start — the import runs as a task and the task center shows its result.
 */
export default function ImportPanel() {
  const id = useId();
  const close = () => closeOverlay('import');
  const [file, setFile] = useState<ImportPreprocessing | null>(null);
  const [mapping, setMapping] = useState<ImportColumn[]>([]);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [mode, setMode] = useState<ImportMode>('add_update');
  const [compare, setCompare] = useState<ImportComparison>('name_article');
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [onlyPositive, setOnlyPositive] = useState(false);
  const [skipWrong, setSkipWrong] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const [templates, setTemplates] = useState<ImportTemplate[]>([]);
  const [warehouses, setWarehouses] = useState<Warehouse[]>([]);
  const [dryRun, setDryRun] = useState<ImportDryRun | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'' | 'upload' | 'check' | 'start'>('');

  useEffect(() => {
    void listImportTemplates().then((answer) => answer.ok && setTemplates(answer.data));
    void listImportWarehouses().then((answer) => answer.ok && setWarehouses(answer.data));
  }, []);

  const settings = (): ImportSettings => ({ mapping, excluded, mode, compare, warehouse_id: warehouseId, only_positive: onlyPositive, skip_wrong: skipWrong });
  const changed = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setDryRun(null);
  };

  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy('upload');
    setError('');
    setDryRun(null);
    const answer = await preprocessFile(chosen);
    setBusy('');
    if (!answer.ok) {
      setFile(null);
      setError(errorOf(answer.data));
      return;
    }
    setFile(answer.data);
    setMapping(answer.data.mapping);
    setExcluded([]);
  };

  const pickTemplate = (templateId: string) => {
    const template = templates.find((entry) => String(entry.id) === templateId);
    if (!template || !file) return;
    const next = applyTemplate(mapping, template);
    setMapping(next.mapping);
    setExcluded(next.excluded ?? []);
    setMode(next.mode);
    setCompare(next.compare);
    setWarehouseId(next.warehouse_id ?? null);
    setOnlyPositive(Boolean(next.only_positive));
    setSkipWrong(Boolean(next.skip_wrong));
    setTemplateName(template.name);
    setDryRun(null);
  };

  const check = async () => {
    if (!file) return;
    setBusy('check');
    setError('');
    const answer = await checkImport({ upload_id: file.upload_id, settings: settings() });
    setBusy('');
    if (answer.ok) setDryRun(answer.data);
    else setError(errorOf(answer.data));
  };

  const start = async () => {
    if (!file) return;
    setBusy('start');
    setError('');
    const answer = await startImport({ upload_id: file.upload_id, settings: settings(), template_name: templateName });
    setBusy('');
    if (!answer.ok) {
      setError(errorOf(answer.data));
      return;
    }
    void taskStarted(answer.data.task_id, { header: t('import.started'), text: t('import.startedText') });
    close();
  };

  const fieldName = (key: string) => file?.fields.find((field) => field.key === key)?.name ?? key;
  const mapped = mapping.flatMap((column) => (column.field ? [column.field] : []));

  return (
    <Dialog title={t('import.title')} onClose={close} className="import-panel">
      <div className="import-panel__grid">
        <label htmlFor={`${id}-file`}>
          {t('import.file')}
          <input id={`${id}-file`} type="file" accept=".xlsx,.xls,.csv" disabled={busy !== ''} onChange={(event) => void upload(event.target.files?.[0])} />
          <small>{t('import.formats')}</small>
        </label>
        {file && templates.length > 0 && (
          <label htmlFor={`${id}-template`}>
            {t('import.template')}
            <select id={`${id}-template`} defaultValue="" onChange={(event) => pickTemplate(event.target.value)}>
              <option value="">{t('import.noTemplate')}</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {busy === 'upload' && <p role="status">{t('import.reading')}</p>}
      {error && (
        <p role="alert" className="import-panel__error">
          {error}
        </p>
      )}

      {file && (
        <>
          <h3>{t('import.mapping')}</h3>
          <div className="import-panel__scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('import.column')}</th>
                  <th scope="col">{t('import.sample')}</th>
                  <th scope="col">{t('import.field')}</th>
                </tr>
              </thead>
              <tbody>
                {mapping.map((column) => (
                  <tr key={column.column}>
                    <th scope="row">{column.header || '—'}</th>
                    <td className="import-panel__sample">{file.rows[0]?.[column.column] ?? ''}</td>
                    <td>
                      <select
                        aria-label={t('import.fieldOf', { column: column.header || String(column.column + 1) })}
                        value={column.field ?? ''}
                        onChange={(event) => changed(setMapping)(chooseField(mapping, column.column, event.target.value || null))}
                      >
                        <option value="">{t('import.notImported')}</option>
                        {file.fields.map((field) => (
                          <option key={field.key} value={field.key}>
                            {field.key.startsWith('stock:') ? t('import.stockIn', { warehouse: field.name }) : field.name}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {mapped.length > 0 && (
            <fieldset>
              <legend>{t('import.excludeFields')}</legend>
              {mapped.map((key) => (
                <label key={key}>
                  <input
                    type="checkbox"
                    checked={excluded.includes(key)}
                    onChange={(event) => changed(setExcluded)(event.target.checked ? [...excluded, key] : excluded.filter((entry) => entry !== key))}
                  />{' '}
                  {fieldName(key)}
                </label>
              ))}
            </fieldset>
          )}

          <div className="import-panel__grid">
            <fieldset>
              <legend>{t('import.mode')}</legend>
              {MODES.map((entry) => (
                <label key={entry.mode}>
                  <input type="radio" name={`${id}-mode`} checked={mode === entry.mode} onChange={() => changed(setMode)(entry.mode)} /> {t(entry.label)}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${id}-compare`}>
              {t('import.compare')}
              <select id={`${id}-compare`} value={compare} onChange={(event) => changed(setCompare)(event.target.value as ImportComparison)}>
                {COMPARISONS.map((entry) => (
                  <option key={entry.compare} value={entry.compare}>
                    {t(entry.label)}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={`${id}-warehouse`}>
              {t('import.warehouse')}
              <select id={`${id}-warehouse`} value={warehouseId ?? ''} onChange={(event) => changed(setWarehouseId)(event.target.value ? Number(event.target.value) : null)}>
                <option value="">{t('import.mainWarehouse')}</option>
                {warehouses.map((warehouse) => (
                  <option key={warehouse.id} value={warehouse.id}>
                    {warehouse.name}
                  </option>
                ))}
              </select>
            </label>
            <fieldset>
              <legend>{t('import.options')}</legend>
              <label>
                <input type="checkbox" checked={onlyPositive} onChange={(event) => changed(setOnlyPositive)(event.target.checked)} /> {t('import.positiveOnly')}
              </label>
              <label>
                <input type="checkbox" checked={skipWrong} onChange={(event) => changed(setSkipWrong)(event.target.checked)} /> {t('import.skipWrong')}
              </label>
            </fieldset>
            <div className="import-panel__template">
              {/* The hint stays outside the label: inside it, it would become part of the field's name. */}
              <label htmlFor={`${id}-name`}>
                {t('import.templateName')}
                <input id={`${id}-name`} type="text" maxLength={100} value={templateName} onChange={(event) => setTemplateName(event.target.value)} aria-describedby={`${id}-name-hint`} />
              </label>
              <small id={`${id}-name-hint`}>{t('import.templateNameHint')}</small>
            </div>
          </div>

          {dryRun && (
            <section aria-label={t('import.dryRun')} data-testid="import-dry-run">
              <h3>{t('import.dryRun')}</h3>
              <p className="import-panel__counts">
                <span>{t('import.added', { count: dryRun.counts.added })}</span>
                <span>{t('import.updated', { count: dryRun.counts.updated })}</span>
                <span>{t('import.unchanged', { count: dryRun.counts.unchanged })}</span>
                <span>{t('import.skipped', { count: dryRun.counts.skipped })}</span>
                <span>{t('import.wrong', { count: dryRun.counts.wrong })}</span>
              </p>
              {dryRun.wrong_rows.length > 0 && (
                <div className="import-panel__scroll">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('import.row')}</th>
                        <th scope="col">{t('import.column')}</th>
                        <th scope="col">{t('import.reason')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {dryRun.wrong_rows.map((row) => (
                        <tr key={`${row.row}-${row.column}`}>
                          <td>{row.row}</td>
                          <td>{row.column}</td>
                          <td>{serverErrorText({ ...row, error: row.message })}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          )}

          <div className="import-panel__buttons">
            <button type="button" className="shell-button" disabled={busy !== ''} aria-busy={busy === 'check'} onClick={() => void check()}>
              {t('import.check')}
            </button>
            <button type="button" className="shell-button shell-button-primary" disabled={busy !== '' || !dryRun} aria-busy={busy === 'start'} onClick={() => void start()}>
              {t('import.start')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
