import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { PredictiveAnalyticsPage } from './PredictiveAnalyticsPage.tsx';
import {
  FLAKE,
  INTAKE,
  materialPage,
  NO_HISTORY,
  NO_WARNINGS,
  PET,
  PRICES,
  SHORT,
  WARNINGS,
} from './testData.ts';

const PATH = '/predictive-analytics';

function renderPage(url = PATH, handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    ...signInAs('auditor'),
    'GET /api/materials': json(materialPage),
    'GET /api/forecasts/intake': json(INTAKE),
    'GET /api/forecasts/prices': json(PRICES),
    'GET /api/forecasts/warnings': json(WARNINGS),
    ...handlers,
  });
  const view = renderWithAuth(page(PATH, PredictiveAnalyticsPage), url);
  return { server, user: userEvent.setup(), router: view.router };
}
const queryOf = (server: ReturnType<typeof fakeApi>, path: string) =>
  new URL(server.calls('GET', path).at(-1)?.url ?? '', 'http://x').searchParams.toString();
const WAIT = { timeout: 5000 };

describe('Forecasts', () => {
  it('shows the intake forecast of every material with its backtest error and its figures', async () => {
    const { server } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forecasts' })).toBeInTheDocument();
    const backtest = await screen.findByRole('region', {
      name: 'Backtest over the last 8 weeks: MAPE 14.2 % (naive 21.0 %)',
    });
    expect(backtest).toHaveTextContent('off by 14.2 % on average');
    expect(backtest).toHaveTextContent('over 7 of the 8 weeks');
    expect(backtest).toHaveTextContent('The model did better than that simple guess.');
    expect(backtest).toHaveTextContent('ARIMA(0,1,1), the fallback for short histories');
    expect(queryOf(server, '/api/forecasts/intake')).toBe('weeks=8');
    expect(
      screen.getByText(/ARIMA\(1,1,0\) fitted on 20 weeks \(order picked automatically\)/),
    ).toBeInTheDocument();

    const table = within(screen.getByRole('region', { name: 'Forecast, week by week' })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Oct 19, 20262,000 kg1,800 kg2,200 kg',
      'Oct 26, 20262,050 kg1,790 kg2,300 kg',
      'Nov 2, 20262,100 kg1,780 kg2,400 kg',
      'Nov 9, 20262,150 kg1,770 kg2,500 kg',
    ]);
  });

  it('lists the stock-outs and over-stock the forecasts lead to, and only those', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Stock warnings' }, WAIT);
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('PET flake (washed) (PET_FLAKE)');
    expect(cards[0]).toHaveTextContent('Stock-out');
    expect(cards[0]).toHaveTextContent('Runs short in the week of Oct 26, 2026');
    expect(cards[0]).toHaveTextContent('not forecast (short history)');
    expect(cards[0]).toHaveTextContent('Open orders7,450 kg');
    expect(cards[1]).toHaveTextContent('Over-stock');
    expect(cards[1]).toHaveTextContent(
      '69.6 weeks of average outflow would be in stock at the end, more than 12.',
    );
    expect(cards[1]).toHaveTextContent('In stock today30,690 kg');
    expect(list).not.toHaveTextContent('PET bottles clear');
  });

  it('asks for the material, horizon and tab chosen, and keeps them in the address', async () => {
    const { server, user, router } = renderPage();
    await screen.findByRole('region', { name: /^Backtest/ });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Material' }),
      await screen.findByRole('option', { name: 'PET bottles clear (PET_BOTTLES_CLEAR)' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Weeks ahead' }), '6 weeks');
    await user.click(screen.getByRole('tab', { name: 'Prices' }));

    const backtest = await screen.findByRole('region', {
      name: 'Backtest over the last 8 weeks: MAPE 3.1 % (naive 2.4 %)',
    });
    expect(backtest).toHaveTextContent(
      'The simple guess did better than the model: trust the forecast less.',
    );
    expect(within(backtest).getAllByText('no deliveries')).toHaveLength(2);
    expect(within(backtest).getAllByText('₱16.90/kg')).toHaveLength(8);
    expect(queryOf(server, '/api/forecasts/prices')).toBe(`weeks=6&material_id=${PET.id}`);
    expect(queryOf(server, '/api/forecasts/warnings')).toBe('weeks=6');
    expect(router.state.location.search).toBe(`?material=${PET.id}&weeks=6&tab=prices`);
    expect(
      await screen.findByRole('heading', { name: 'Stock warnings over the next 6 weeks' }),
    ).toBeInTheDocument();
  });

  it('says why there is no forecast when the history is too short, or there is none', async () => {
    renderPage(`${PATH}?material=${FLAKE.id}`, { 'GET /api/forecasts/intake': json(SHORT) });
    expect(
      await screen.findByRole('heading', { name: 'Not enough history (6 weeks; 19 needed)' }, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByText(/at least 19 weeks from the first delivery/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Backtest/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Forecast, week by week' })).not.toBeInTheDocument();
  });

  it('says when nothing was received in two years', async () => {
    renderPage(PATH, { 'GET /api/forecasts/intake': json(NO_HISTORY) });
    expect(
      await screen.findByRole('heading', { name: 'No deliveries in the last two years' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the forecast cannot be loaded, and says when no warning is expected', async () => {
    const { server, user } = renderPage(PATH, {
      'GET /api/forecasts/intake': apiError(500, 'internal_error', 'Something went wrong'),
      'GET /api/forecasts/warnings': json(NO_WARNINGS),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The intake forecast could not be loaded');
    expect(
      await screen.findByRole('heading', { name: 'No stock-out or over-stock expected' }),
    ).toBeInTheDocument();
    server.on('GET /api/forecasts/intake', json(INTAKE));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('region', { name: /^Backtest over the last 8 weeks/ }),
    ).toBeInTheDocument();
  });
});
