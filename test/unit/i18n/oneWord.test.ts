import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';

// Issue 19 §5: one word for one thing. A step of an order's pipeline is a 'stage' ('этап'), as the spec calls
// it (reservation stage, hide final stages); 'status' is left to what the spec calls so: a CRM deal's own
// status, a generated document's status and a background task's status (spec §3 'Task statuses'), and amoCRM's own
// name of its webhook event ('Lead status changed'), which the user must find in amoCRM's settings by that name.
// Server refusals name the API's own parameters (status, status_id, autogen_status_id), which keep their names; the
// first also speaks of a CRM deal's own status.
const STATUS_IS_RIGHT = new Set([
  'order.statusCrm',
  'documents.status',
  'documents.allStatuses',
  'tasks.status',
  'integrations.amocrm.webhookHint',
  'serverErrors.crmOrderStatus',
  'serverErrors.localOrderStage',
  'serverErrors.autogenStageNotValid',
  'serverErrors.autogenStageOtherAccount',
]);

function texts(table: unknown, prefix = ''): [string, string][] {
  return Object.entries(table as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

describe('one word for one thing', () => {
  it("rule: no interface text calls a pipeline stage a 'status' (English)", () => {
    expect(texts(en).filter(([key, text]) => /status/i.test(text) && !STATUS_IS_RIGHT.has(key))).toEqual([]);
  });

  it("rule: no interface text calls a pipeline stage a 'статус' (Russian)", () => {
    expect(texts(ru).filter(([key, text]) => /статус/i.test(text) && !STATUS_IS_RIGHT.has(key))).toEqual([]);
  });

  it('the deal and the order lists name the same thing alike', () => {
    expect([en.order.status, en.orders.colStatus]).toEqual(['Stage', 'Stage']);
    expect([ru.order.status, ru.orders.colStatus]).toEqual(['Этап', 'Этап']);
  });
});
