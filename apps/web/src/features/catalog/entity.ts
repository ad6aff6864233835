import type { Action } from '@plastrace/shared';
import type { ReactNode } from 'react';
import type { FieldDef, FormValues, Option } from './formModel.ts';
import type { MasterRecord } from './recordApi.ts';

export interface ColumnDef<T> {
  label: string;
  render: (row: T) => ReactNode;
}

export interface FilterDef {
  /** The API's query name in camelCase ('paymentMethod'); also the URL key. */
  name: string;
  label: string;
  /** Fixed choices, or a hook returning them. */
  options: Option[] | (() => Option[]);
}

/** Everything the generic list and form need to know about one kind of master-data record. */
export interface EntityConfig<T extends MasterRecord = MasterRecord> {
  /** The API resource: /api/<resource>. */
  resource: string;
  /** 'facility' — used in buttons and messages. */
  noun: string;
  /** 'Facilities' — the table's label. */
  plural: string;
  /** What the list is for, said when it is empty (one sentence). */
  purpose: string;
  searchPlaceholder: string;
  filters: FilterDef[];
  columns: ColumnDef<T>[];
  fields: FieldDef[];
  defaults?: FormValues;
  /**
   * Who may list and read, and who may change a record (the server's routes name the same actions);
   * master data by default. Creating, archiving and restoring always need `masterdata.write`.
   */
  permissions?: { read: Action; update: Action };
  /**
   * The fields a member who may change records but not keep master data (a supplier member, their
   * own record) may edit; the others are shown locked.
   */
  ownFields?: readonly string[];
}

/** Keeps the row type while storing configs of different records together. */
export const defineEntity = <T extends MasterRecord>(config: EntityConfig<T>) => config;
