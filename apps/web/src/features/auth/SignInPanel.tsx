import { useState } from 'react';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';

export interface SignInPanelProps {
  initialEmail?: string;
  notice?: string | null;
  onSwitchToRegister: () => void;
  onSignedIn?: () => void;
}

/** The login form and its 'Forgot password?' view, sharing the typed email; used by dialog and page. */
export function SignInPanel({ initialEmail = '', notice, onSwitchToRegister, onSignedIn }: SignInPanelProps) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const [email, setEmail] = useState(initialEmail);

  if (view === 'forgot') {
    return <ForgotPasswordForm email={email} onEmailChange={setEmail} onBack={() => setView('login')} />;
  }
  return (
    <LoginForm
      email={email}
      onEmailChange={setEmail}
      notice={notice}
      onForgotPassword={() => setView('forgot')}
      onSwitchToRegister={onSwitchToRegister}
      onSignedIn={onSignedIn}
    />
  );
}
