import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ColoursPage } from './ColoursPage.tsx';

const renderPage = () => renderWithAuth(page('/debug-gradients', ColoursPage), '/debug-gradients');

describe('colours and gradients', () => {
  it('shows the brand shades with the contrast of white and black text on each', async () => {
    fakeApi(signInAs('operator'));
    renderPage();
    const shades = await screen.findByRole('table', { name: 'Brand shades' });
    const rows = within(shades).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    // The primary shade carries white text (theme.test.ts holds it to 4.5:1).
    const primary = rows[7] as HTMLElement;
    expect(primary).toHaveTextContent('brand.7primary');
    expect(primary).toHaveTextContent('#087f5b');
    const [, , white, black] = within(primary).getAllByRole('cell');
    expect(white).toHaveTextContent(/^5\.\d\d:1 passes$/);
    expect(black).toHaveTextContent(/fails$/);
    // The lightest shade carries black text, not white.
    const [, , onWhite, onBlack] = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(onWhite).toHaveTextContent(/fails$/);
    expect(onBlack).toHaveTextContent(/passes$/);
  });

  it('lists the chart palette in order, every colour passing 3:1 on white', async () => {
    fakeApi(signInAs('auditor'));
    renderPage();
    const palette = await screen.findByRole('table', { name: 'Chart palette' });
    const rows = within(palette).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByText(/^#/).textContent)).toEqual(CHART_COLORS.map((c) => c.hex));
    expect(within(palette).queryByText('fails')).toBeNull();
  });

  it('shows the theme’s gradient and whether white text can sit on it, and links back', async () => {
    fakeApi(signInAs('manager'));
    renderPage();
    expect(await screen.findByRole('img', { name: /^Default gradient: blue to cyan/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Gradient ends' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Admin tools' })).toHaveAttribute('href', '/debug');
  });

  it('is not for supplier members', async () => {
    fakeApi(signInAs('supplier'));
    renderPage();
    expect(await screen.findByText(/Your role may not view the organization settings/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
