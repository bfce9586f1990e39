export interface PipelineStatus {
  id: number;
  name: string;
  /** Order status type is this plus one. */
  type: number;
  color?: string;
  is_reserve?: boolean;
  is_write_off?: boolean;
  is_stocking?: boolean;
}

export interface Pipeline {
  id: number;
  name: string;
  /** Equals id; the synthetic 'All' entry has -1. */
  value: number;
  statuses: PipelineStatus[];
  is_system?: boolean;
}
