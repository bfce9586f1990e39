import { atom } from 'nanostores';
import { deleteTag, getPublicSettings, listTags, renameTag, saveScenario } from '../../../src/api/business';
import type { TagChange, TagUsage } from '../../../src/contract/business';
import type { ProductVisibility } from '../../../src/contract/publicOrder';

/** The business-process settings as the panel shows them; reloaded after every change (spec 2 §4). */
export const $scenario = atom<ProductVisibility | null>(null);
export const $tags = atom<TagUsage[] | null>(null);

export async function loadBusiness(): Promise<void> {
  const [settings, tags] = await Promise.all([getPublicSettings(), listTags()]);
  if (settings.ok) $scenario.set(settings.data.product_visibility);
  if (tags.ok) $tags.set(tags.data);
}

export async function chooseScenario(scenario: ProductVisibility): Promise<boolean> {
  const answer = await saveScenario(scenario);
  if (answer.ok) $scenario.set(answer.data.product_visibility);
  return answer.ok;
}

async function afterTagChange(answer: { ok: true; data: TagChange } | { ok: false }): Promise<TagChange | null> {
  const tags = await listTags();
  if (tags.ok) $tags.set(tags.data);
  return answer.ok ? answer.data : null;
}

export const renameAccountTag = async (tag: string, to: string) => afterTagChange(await renameTag(tag, to.trim()));
export const deleteAccountTag = async (tag: string) => afterTagChange(await deleteTag(tag));
