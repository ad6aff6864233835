import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { type ComponentProps, useMemo } from 'react';
import classes from './ApiReference.module.css';
import type { OpenApiDocument } from './api.ts';

type ScalarConfiguration = ComponentProps<typeof ApiReferenceReact>['configuration'];

// The reference must work offline and under the server's CSP (connect-src 'self'), so every
// feature that reaches a Scalar host is off: CDN fonts, telemetry, the request client (which
// sends "try it" calls through proxy.scalar.com), the agent chat and the developer toolbar
// (share and register links). The document is passed in, so Scalar fetches nothing itself.
const offlineConfiguration = {
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  // Light only, like the rest of the app; Scalar's toggle would restyle just this page.
  forceDarkModeState: 'light',
  hideDarkModeToggle: true,
  documentDownloadType: 'json',
} satisfies ScalarConfiguration;

/** Scalar's renderer: a heavy chunk, loaded only by the /docs page. */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const configuration = useMemo(() => ({ ...offlineConfiguration, content: document }), [document]);
  return (
    <div className={classes.root}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
