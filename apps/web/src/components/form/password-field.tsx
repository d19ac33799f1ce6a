import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilledTextField, type FilledTextFieldProps } from '../filled-text-field';

/** A filled password field with the login screen's show/hide toggle. */
export function PasswordField(props: Omit<FilledTextFieldProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FilledTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={t(visible ? 'login.hidePassword' : 'login.showPassword')}
            onClick={() => setVisible((v) => !v)}
            edge="end"
            size="small"
            disabled={props.disabled}
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
