import { useEffect, useState } from 'react';
import type { FieldDefinition } from '../../../../src/contract/catalogue';
import { FieldType } from '../../../../src/domain/fieldTypes';
import { listProductFields } from './api';

/** The account's price types (type-11 product fields), loaded once per dialog. */
export function usePriceFields(): FieldDefinition[] {
  const [list, setList] = useState<FieldDefinition[]>([]);
  useEffect(() => {
    let live = true;
    listProductFields().then((answer) => {
      if (live && answer.ok) setList(answer.data.filter((field) => field.type === FieldType.price));
    });
    return () => {
      live = false;
    };
  }, []);
  return list;
}
