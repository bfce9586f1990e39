import { useEffect, useId, useState } from 'react';
import type { Warehouse } from '../../../../src/contract/stock';
import { listWarehouses } from './api';

/** The account's warehouses, loaded once per dialog. */
export function useWarehouses(): Warehouse[] {
  const [list, setList] = useState<Warehouse[]>([]);
  useEffect(() => {
    let live = true;
    listWarehouses().then((answer) => {
      if (live && answer.ok) setList(answer.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export function WarehouseSelect({ label, warehouses, value, onChange }: { label: string; warehouses: readonly Warehouse[]; value: number | null; onChange: (id: number) => void }) {
  const id = useId();
  return (
    <div className="stock-ops__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        <option value="" disabled>
          —
        </option>
        {warehouses.map((warehouse) => (
          <option key={warehouse.id} value={warehouse.id}>
            {warehouse.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The main warehouse, else the first: where a dialog starts. */
export const startingWarehouse = (warehouses: readonly Warehouse[]): number | null => (warehouses.find((warehouse) => warehouse.is_main) ?? warehouses[0])?.id ?? null;
