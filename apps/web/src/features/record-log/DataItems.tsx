import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled list of facts, as the /verify page writes them. */
export function DataItems({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList aria-label={label} labelWidth="150px">
      {children}
    </DataList>
  );
}

export function DataItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
