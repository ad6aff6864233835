import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ApiDocsPage } from './ApiDocsPage.tsx';

// Scalar renders a Vue app that jsdom cannot lay out; the stub shows which document it was given.
vi.mock('./ApiReference.tsx', () => ({
  ApiReference: ({ document }: { document: { info: { title: string } } }) => (
    <p>Reference for {document.info.title}</p>
  ),
}));

const openApiDocument = { openapi: '3.1.0', info: { title: 'PlasTrace API', version: '0.1.0' }, paths: {} };

function renderDocs() {
  return renderRoutes([{ path: '/docs', Component: ApiDocsPage }], '/docs');
}

describe('ApiDocsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a loading state, then renders the document from /api/openapi.json', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(openApiDocument)));
    vi.stubGlobal('fetch', fetchMock);
    renderDocs();

    expect(screen.getByRole('status')).toHaveTextContent('Loading the API reference…');
    expect(await screen.findByText('Reference for PlasTrace API')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/openapi.json', expect.anything());
    expect(document.title).toBe('API reference · PlasTrace');
  });

  it('shows an error with a retry button that fetches again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('unavailable', { status: 503 }))
      .mockResolvedValueOnce(Response.json(openApiDocument));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderDocs();

    expect(await screen.findByText('The API reference could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('HTTP error! status: 503')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Reference for PlasTrace API')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
