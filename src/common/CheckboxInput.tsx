/**
 * A boolean field shown as a labelled checkbox (the team form's 'Active Team' checkbox), where
 * react-admin's own BooleanInput is a switch.
 */
import { Checkbox, FormControlLabel, FormHelperText, Box } from '@mui/material';
import { useInput } from 'react-admin';

export function CheckboxInput({ source, label, helperText }: { source: string; label: string; helperText?: string }) {
  const { field, id } = useInput({ source, type: 'checkbox' });
  return (
    <Box sx={{ mb: 1 }}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        }
      />
      {helperText && <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{helperText}</FormHelperText>}
    </Box>
  );
}
