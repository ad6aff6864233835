import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardList } from './CardList.tsx';

function renderCards(count: number) {
  const items = Array.from({ length: count }, (_, i) => ({ id: `r${i}`, name: `Record ${i + 1}` }));
  render(
    <MantineProvider env="test">
      <CardList label="Records" items={items} keyOf={(r) => r.id}>
        {(r) => r.name}
      </CardList>
    </MantineProvider>,
  );
  return screen.getByRole('list', { name: 'Records' });
}

describe('CardList', () => {
  it('draws a short list with its data', () => {
    const list = renderCards(3);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Record 1', 'Record 2', 'Record 3']);
  });

  it('draws every card of a long list, in order, just after the page around it', async () => {
    const list = renderCards(50);
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(50);
    expect(cards[0]).toHaveTextContent('Record 1');
    expect(cards[49]).toHaveTextContent('Record 50');
  });
});
