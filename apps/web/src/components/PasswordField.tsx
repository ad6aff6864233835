import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

interface PasswordFieldProps extends Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'> {
  /** Names the field in the toggle's label when a form has two ('Show confirm password'). */
  toggleName?: string;
}

/** A password input whose show/hide toggle is reachable by keyboard and says what it does. */
export function PasswordField({ toggleName = 'password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `${visible ? 'Hide' : 'Show'} ${toggleName}` }}
    />
  );
}
